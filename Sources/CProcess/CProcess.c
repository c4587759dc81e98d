#define _GNU_SOURCE
#include "CProcess.h"
#include <fcntl.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <pthread.h>
#include <sched.h>
#include <unistd.h>

int zapp_spawn_file_actions_addchdir(posix_spawn_file_actions_t *actions, const char *path) {
#if defined(__GLIBC__) || defined(__APPLE__)
    return posix_spawn_file_actions_addchdir_np(actions, path);
#else
    (void)actions; (void)path;
    return 0;
#endif
}

int zapp_spawn_file_actions_addclosefrom(posix_spawn_file_actions_t *actions, int lowest) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
    return posix_spawn_file_actions_addclosefrom_np(actions, lowest);
#else
    (void)actions; (void)lowest;
    return 0;
#endif
}

int zapp_set_thread_name(const char *name) {
#if defined(__GLIBC__)
    return pthread_setname_np(pthread_self(), name);
#elif defined(__APPLE__)
    return pthread_setname_np(name);
#else
    (void)name;
    return 0;
#endif
}

int zapp_pipe_cloexec(int ends[2]) {
#if defined(__linux__)
    return pipe2(ends, O_CLOEXEC);
#else
    if (pipe(ends) != 0) return -1;
    fcntl(ends[0], F_SETFD, FD_CLOEXEC);
    fcntl(ends[1], F_SETFD, FD_CLOEXEC);
    return 0;
#endif
}

int zapp_available_processors(void) {
#if defined(__GLIBC__)
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof(set), &set) == 0) {
        int count = CPU_COUNT(&set);
        if (count > 0) return count;
    }
#endif
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    return online > 0 ? (int)online : 1;
}

int zapp_limit_malloc_arenas(int count) {
#if defined(__GLIBC__)
    return mallopt(M_ARENA_MAX, count);
#else
    (void)count;
    return 0;
#endif
}
