#ifndef ZAPP_SHELL_CCURL_SHIM_H
#define ZAPP_SHELL_CCURL_SHIM_H

/* The few libcurl functions and constants ZappShell uses, declared here so that nothing links
 * -lcurl: the library is opened with dlopen("libcurl.so.4") when the first request is made
 * (ARCHITECTURE.md, "Hand-written parts"). The numbers are libcurl's stable ABI values. */

#include <dlfcn.h>
#include <stddef.h>
#include <stdio.h>

typedef void CURL;
typedef void CURLM;
typedef int CURLcode;
typedef int CURLMcode;
typedef long long curl_off_t;
struct curl_slist;

enum {
    ZS_CURLE_OK = 0,
    ZS_CURLE_UNSUPPORTED_PROTOCOL = 1,
    ZS_CURLE_URL_MALFORMAT = 3,
    ZS_CURLE_COULDNT_RESOLVE_HOST = 6,
    ZS_CURLE_COULDNT_CONNECT = 7,
    ZS_CURLE_PARTIAL_FILE = 18,
    ZS_CURLE_WRITE_ERROR = 23,
    ZS_CURLE_OPERATION_TIMEDOUT = 28,
    ZS_CURLE_SSL_CONNECT_ERROR = 35,
    ZS_CURLE_ABORTED_BY_CALLBACK = 42,
    ZS_CURLE_TOO_MANY_REDIRECTS = 47,
    ZS_CURLE_UNKNOWN_OPTION = 48,
    ZS_CURLE_GOT_NOTHING = 52,
    ZS_CURLE_SEND_ERROR = 55,
    ZS_CURLE_RECV_ERROR = 56,
    ZS_CURLE_PEER_FAILED_VERIFICATION = 60,
    ZS_CURLE_FILESIZE_EXCEEDED = 63,
};

enum {
    ZS_CURLOPT_WRITEDATA = 10001,
    ZS_CURLOPT_URL = 10002,
    ZS_CURLOPT_ERRORBUFFER = 10010,
    ZS_CURLOPT_WRITEFUNCTION = 20011,
    ZS_CURLOPT_HEADERDATA = 10029,
    ZS_CURLOPT_HEADERFUNCTION = 20079,
    ZS_CURLOPT_POSTFIELDS = 10015,
    ZS_CURLOPT_USERAGENT = 10018,
    ZS_CURLOPT_ACCEPT_ENCODING = 10102,
    ZS_CURLOPT_LOW_SPEED_LIMIT = 19,
    ZS_CURLOPT_LOW_SPEED_TIME = 20,
    ZS_CURLOPT_HTTPHEADER = 10023,
    ZS_CURLOPT_NOPROGRESS = 43,
    ZS_CURLOPT_POST = 47,
    ZS_CURLOPT_FOLLOWLOCATION = 52,
    ZS_CURLOPT_XFERINFODATA = 10057,
    ZS_CURLOPT_MAXREDIRS = 68,
    ZS_CURLOPT_NOSIGNAL = 99,
    ZS_CURLOPT_MAXFILESIZE_LARGE = 30117,
    ZS_CURLOPT_POSTFIELDSIZE_LARGE = 30120,
    ZS_CURLOPT_TIMEOUT_MS = 155,
    ZS_CURLOPT_CONNECTTIMEOUT_MS = 156,
    ZS_CURLOPT_PROTOCOLS = 181,
    ZS_CURLOPT_REDIR_PROTOCOLS = 182,
    ZS_CURLOPT_XFERINFOFUNCTION = 20219,
    ZS_CURLOPT_PROTOCOLS_STR = 10318,
    ZS_CURLOPT_REDIR_PROTOCOLS_STR = 10319,
};

enum {
    ZS_CURLINFO_EFFECTIVE_URL = 0x100000 + 1,
    ZS_CURLINFO_CONTENT_TYPE = 0x100000 + 18,
    ZS_CURLINFO_RESPONSE_CODE = 0x200000 + 2,
    ZS_CURLINFO_OS_ERRNO = 0x200000 + 25,
};

/* The multi interface: one handle runs every transfer (a connection cache, a cap per host). */
enum {
    ZS_CURLMOPT_MAX_HOST_CONNECTIONS = 7,
    ZS_CURLMOPT_MAXCONNECTS = 6,
    ZS_CURLMOPT_MAX_TOTAL_CONNECTIONS = 13,
    ZS_CURLM_OK = 0,
    ZS_CURLMSG_DONE = 1
};

/* CURLMsg: what curl_multi_info_read gives. */
typedef struct {
    int msg;
    CURL *easy_handle;
    union {
        void *whatever;
        CURLcode result;
    } data;
} zs_curl_message;

enum { ZS_CURL_GLOBAL_ALL = 3, ZS_CURLPROTO_HTTP = 1, ZS_CURLPROTO_HTTPS = 2, ZS_CURL_ERROR_SIZE = 256 };

typedef size_t (*zs_curl_write_callback)(char *data, size_t size, size_t count, void *context);
typedef int (*zs_curl_xferinfo_callback)(void *context, curl_off_t download_total, curl_off_t downloaded,
                                         curl_off_t upload_total, curl_off_t uploaded);

/* The functions found in the library. */
typedef struct {
    CURLcode (*global_init)(long flags);
    CURL *(*easy_init)(void);
    CURLcode (*easy_setopt)(CURL *handle, int option, ...);
    CURLcode (*easy_perform)(CURL *handle);
    CURLcode (*easy_getinfo)(CURL *handle, int info, ...);
    void (*easy_cleanup)(CURL *handle);
    const char *(*easy_strerror)(CURLcode code);
    struct curl_slist *(*slist_append)(struct curl_slist *list, const char *text);
    void (*slist_free_all)(struct curl_slist *list);
    CURLM *(*multi_init)(void);
    CURLMcode (*multi_setopt)(CURLM *multi, int option, ...);
    CURLMcode (*multi_add_handle)(CURLM *multi, CURL *handle);
    CURLMcode (*multi_remove_handle)(CURLM *multi, CURL *handle);
    CURLMcode (*multi_perform)(CURLM *multi, int *running);
    CURLMcode (*multi_poll)(CURLM *multi, void *extra_fds, unsigned int extra_count, int timeout_ms, int *ready);
    CURLMcode (*multi_wakeup)(CURLM *multi);
    zs_curl_message *(*multi_info_read)(CURLM *multi, int *left);
} zs_curl_api;

/* Opens `name` and finds every function; 0 on success, else -1 with the reason in `error`. */
static inline int zs_curl_load(const char *name, zs_curl_api *api, char *error, size_t error_size) {
    void *library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *reason = dlerror();
        snprintf(error, error_size, "%s", reason ? reason : "cannot be opened");
        return -1;
    }
#define ZS_CURL_FIND(field, symbol)                                                         \
    *(void **)(&api->field) = dlsym(library, symbol);                                       \
    if (!api->field) {                                                                      \
        snprintf(error, error_size, "%s has no %s", name, symbol);                          \
        return -1;                                                                          \
    }
    ZS_CURL_FIND(global_init, "curl_global_init")
    ZS_CURL_FIND(easy_init, "curl_easy_init")
    ZS_CURL_FIND(easy_setopt, "curl_easy_setopt")
    ZS_CURL_FIND(easy_perform, "curl_easy_perform")
    ZS_CURL_FIND(easy_getinfo, "curl_easy_getinfo")
    ZS_CURL_FIND(easy_cleanup, "curl_easy_cleanup")
    ZS_CURL_FIND(easy_strerror, "curl_easy_strerror")
    ZS_CURL_FIND(slist_append, "curl_slist_append")
    ZS_CURL_FIND(slist_free_all, "curl_slist_free_all")
    ZS_CURL_FIND(multi_init, "curl_multi_init")
    ZS_CURL_FIND(multi_setopt, "curl_multi_setopt")
    ZS_CURL_FIND(multi_add_handle, "curl_multi_add_handle")
    ZS_CURL_FIND(multi_remove_handle, "curl_multi_remove_handle")
    ZS_CURL_FIND(multi_perform, "curl_multi_perform")
    ZS_CURL_FIND(multi_poll, "curl_multi_poll")
    ZS_CURL_FIND(multi_wakeup, "curl_multi_wakeup")
    ZS_CURL_FIND(multi_info_read, "curl_multi_info_read")
#undef ZS_CURL_FIND
    return 0;
}

/* curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: one typed
 * wrapper per kind of argument. */
static inline CURLcode zs_curl_setopt_long(const zs_curl_api *api, CURL *handle, int option, long value) {
    return api->easy_setopt(handle, option, value);
}
static inline CURLcode zs_curl_setopt_off(const zs_curl_api *api, CURL *handle, int option, curl_off_t value) {
    return api->easy_setopt(handle, option, value);
}
static inline CURLcode zs_curl_setopt_pointer(const zs_curl_api *api, CURL *handle, int option, const void *value) {
    return api->easy_setopt(handle, option, value);
}
static inline CURLcode zs_curl_setopt_write(const zs_curl_api *api, CURL *handle, zs_curl_write_callback callback) {
    return api->easy_setopt(handle, ZS_CURLOPT_WRITEFUNCTION, callback);
}
static inline CURLcode zs_curl_setopt_header(const zs_curl_api *api, CURL *handle, zs_curl_write_callback callback) {
    return api->easy_setopt(handle, ZS_CURLOPT_HEADERFUNCTION, callback);
}
static inline CURLcode zs_curl_setopt_xferinfo(const zs_curl_api *api, CURL *handle, zs_curl_xferinfo_callback callback) {
    return api->easy_setopt(handle, ZS_CURLOPT_XFERINFOFUNCTION, callback);
}
static inline CURLMcode zs_curl_multi_setopt_long(const zs_curl_api *api, CURLM *multi, int option, long value) {
    return api->multi_setopt(multi, option, value);
}
static inline CURLcode zs_curl_getinfo_long(const zs_curl_api *api, CURL *handle, int info, long *value) {
    return api->easy_getinfo(handle, info, value);
}
static inline CURLcode zs_curl_getinfo_string(const zs_curl_api *api, CURL *handle, int info, const char **value) {
    return api->easy_getinfo(handle, info, value);
}

#endif
