#ifndef ZAPP_CPROCESS_H
#define ZAPP_CPROCESS_H

#include <spawn.h>

/// GNU extensions (and pipe2) that Swift's Glibc module does not show (they need _GNU_SOURCE): the working
/// directory and the descriptors of a process started by `ChildProcess`, and a thread's name.
/// Each returns 0 or an errno value; on systems without the extension they do nothing and return 0.
int zapp_spawn_file_actions_addchdir(posix_spawn_file_actions_t *actions, const char *path);
int zapp_spawn_file_actions_addclosefrom(posix_spawn_file_actions_t *actions, int lowest);
int zapp_set_thread_name(const char *name);
/// The processors in this process's affinity mask (sched_getaffinity, CPU_COUNT); on failure or without the
/// extension, the processors online (sysconf), at least 1.
int zapp_available_processors(void);
/// pipe2(ends, O_CLOEXEC): both ends closed on exec; -1 with errno set on failure.
int zapp_pipe_cloexec(int ends[2]);
/// glibc's mallopt(M_ARENA_MAX, count): at most `count` malloc arenas for the process's threads; call it
/// before any thread starts. Returns 1 when it was set, 0 otherwise (and without glibc).
int zapp_limit_malloc_arenas(int count);

#endif
