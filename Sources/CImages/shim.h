#ifndef ZAPP_SHELL_CIMAGES_SHIM_H
#define ZAPP_SHELL_CIMAGES_SHIM_H

/* The functions ZappShell calls in libpng, libturbojpeg, libwebp, libchafa and glib, declared here
 * so that nothing links them: each library is opened with dlopen when the first image needs it
 * (ARCHITECTURE.md, "Hand-written parts"), and an app that shows no image never maps them. The
 * structures and numbers are the libraries' stable ABI (libpng 1.6's simplified API, TurboJPEG 2,
 * libwebp's simple decoding API, chafa >= 1.8, GLib 2). */

#include <dlfcn.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* Opens `name`; NULL with the reason in `error` when it cannot be. */
static inline void *zs_images_open(const char *name, char *error, size_t error_size) {
    void *library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *reason = dlerror();
        snprintf(error, error_size, "%s", reason ? reason : "cannot be opened");
    }
    return library;
}

#define ZS_IMAGES_FIND(library, name, api, field, symbol)                                   \
    *(void **)(&(api)->field) = dlsym(library, symbol);                                     \
    if (!(api)->field) {                                                                    \
        snprintf(error, error_size, "%s has no %s", name, symbol);                          \
        return -1;                                                                          \
    }

/* ---- libpng 1.6, the simplified API (png_image): no setjmp, errors in `message`. ---- */

enum { ZS_PNG_IMAGE_VERSION = 1, ZS_PNG_FORMAT_RGB = 2, ZS_PNG_FORMAT_RGBA = 3, ZS_PNG_IMAGE_FLAG_FAST = 2 };

typedef struct {
    void *opaque;
    uint32_t version;
    uint32_t width;
    uint32_t height;
    uint32_t format;
    uint32_t flags;
    uint32_t colormap_entries;
    uint32_t warning_or_error;
    char message[64];
} zs_png_image;

typedef struct {
    int (*begin_read_from_memory)(zs_png_image *image, const void *memory, size_t size);
    int (*finish_read)(zs_png_image *image, const void *background, void *buffer, int32_t row_stride, void *colormap);
    void (*free)(zs_png_image *image);
    int (*write_to_memory)(zs_png_image *image, void *memory, size_t *memory_bytes, int convert_to_8_bit,
                           const void *buffer, int32_t row_stride, const void *colormap);
} zs_png_api;

static inline int zs_png_load(const char *name, zs_png_api *api, char *error, size_t error_size) {
    void *library = zs_images_open(name, error, error_size);
    if (!library) return -1;
    ZS_IMAGES_FIND(library, name, api, begin_read_from_memory, "png_image_begin_read_from_memory")
    ZS_IMAGES_FIND(library, name, api, finish_read, "png_image_finish_read")
    ZS_IMAGES_FIND(library, name, api, free, "png_image_free")
    ZS_IMAGES_FIND(library, name, api, write_to_memory, "png_image_write_to_memory")
    return 0;
}

/* ---- libturbojpeg (TurboJPEG 2 API) ---- */

enum {
    ZS_TJPF_RGBA = 7,
    ZS_TJFLAG_STOPONWARNING = 8192,
    ZS_TJFLAG_LIMITSCANS = 32768,
};

typedef struct {
    int num;
    int denom;
} zs_tjscalingfactor;

typedef struct {
    void *(*init_decompress)(void);
    int (*decompress_header3)(void *handle, const unsigned char *jpeg, unsigned long size, int *width, int *height,
                              int *subsampling, int *colorspace);
    int (*decompress2)(void *handle, const unsigned char *jpeg, unsigned long size, unsigned char *destination,
                       int width, int pitch, int height, int pixel_format, int flags);
    zs_tjscalingfactor *(*get_scaling_factors)(int *count);
    char *(*get_error_str2)(void *handle);
    int (*destroy)(void *handle);
} zs_tj_api;

static inline int zs_tj_load(const char *name, zs_tj_api *api, char *error, size_t error_size) {
    void *library = zs_images_open(name, error, error_size);
    if (!library) return -1;
    ZS_IMAGES_FIND(library, name, api, init_decompress, "tjInitDecompress")
    ZS_IMAGES_FIND(library, name, api, decompress_header3, "tjDecompressHeader3")
    ZS_IMAGES_FIND(library, name, api, decompress2, "tjDecompress2")
    ZS_IMAGES_FIND(library, name, api, get_scaling_factors, "tjGetScalingFactors")
    ZS_IMAGES_FIND(library, name, api, get_error_str2, "tjGetErrorStr2")
    ZS_IMAGES_FIND(library, name, api, destroy, "tjDestroy")
    return 0;
}

/* ---- libwebp, the simple decoding API ---- */

typedef struct {
    int (*get_info)(const uint8_t *data, size_t size, int *width, int *height);
    uint8_t *(*decode_rgba_into)(const uint8_t *data, size_t size, uint8_t *output, size_t output_size, int stride);
} zs_webp_api;

static inline int zs_webp_load(const char *name, zs_webp_api *api, char *error, size_t error_size) {
    void *library = zs_images_open(name, error, error_size);
    if (!library) return -1;
    ZS_IMAGES_FIND(library, name, api, get_info, "WebPGetInfo")
    ZS_IMAGES_FIND(library, name, api, decode_rgba_into, "WebPDecodeRGBAInto")
    return 0;
}

/* ---- libchafa (>= 1.8) and the one GLib function its printed output needs ---- */

enum {
    ZS_CHAFA_CANVAS_MODE_TRUECOLOR = 0,
    ZS_CHAFA_PIXEL_MODE_SYMBOLS = 0,
    ZS_CHAFA_PIXEL_MODE_SIXELS = 1,
    ZS_CHAFA_PIXEL_RGBA8_UNASSOCIATED = 4,
    ZS_CHAFA_SYMBOL_TAG_SPACE = 1 << 0,
    ZS_CHAFA_SYMBOL_TAG_SOLID = 1 << 1,
    ZS_CHAFA_SYMBOL_TAG_BLOCK = 1 << 3,
    ZS_CHAFA_SYMBOL_TAG_QUAD = 1 << 7,
    ZS_CHAFA_SYMBOL_TAG_HHALF = 1 << 8,
    ZS_CHAFA_SYMBOL_TAG_VHALF = 1 << 9,
};

/* GLib's GString: the text and its length. */
typedef struct {
    char *str;
    size_t len;
    size_t allocated_len;
} zs_gstring;

typedef struct {
    void *(*symbol_map_new)(void);
    void (*symbol_map_add_by_tags)(void *map, int tags);
    void (*symbol_map_unref)(void *map);
    void *(*config_new)(void);
    void (*config_set_geometry)(void *config, int width, int height);
    void (*config_set_cell_geometry)(void *config, int width, int height);
    void (*config_set_canvas_mode)(void *config, int mode);
    void (*config_set_pixel_mode)(void *config, int mode);
    void (*config_set_symbol_map)(void *config, const void *map);
    void (*config_unref)(void *config);
    void *(*canvas_new)(const void *config);
    void (*canvas_draw_all_pixels)(void *canvas, int pixel_type, const uint8_t *pixels, int width, int height,
                                   int rowstride);
    uint32_t (*canvas_get_char_at)(void *canvas, int x, int y);
    void (*canvas_get_colors_at)(void *canvas, int x, int y, int *foreground, int *background);
    zs_gstring *(*canvas_print)(void *canvas, void *term_info);
    void (*canvas_unref)(void *canvas);
    void (*calc_canvas_geometry)(int source_width, int source_height, int *width, int *height, float font_ratio,
                                 int zoom, int stretch);
    void *(*term_db_get_default)(void);
    void *(*term_db_get_fallback_info)(void *term_db);
    void (*term_info_unref)(void *term_info);
    char *(*g_string_free)(zs_gstring *string, int free_segment);
} zs_chafa_api;

static inline int zs_chafa_load(const char *name, const char *glib, zs_chafa_api *api, char *error,
                                size_t error_size) {
    void *library = zs_images_open(name, error, error_size);
    if (!library) return -1;
    ZS_IMAGES_FIND(library, name, api, symbol_map_new, "chafa_symbol_map_new")
    ZS_IMAGES_FIND(library, name, api, symbol_map_add_by_tags, "chafa_symbol_map_add_by_tags")
    ZS_IMAGES_FIND(library, name, api, symbol_map_unref, "chafa_symbol_map_unref")
    ZS_IMAGES_FIND(library, name, api, config_new, "chafa_canvas_config_new")
    ZS_IMAGES_FIND(library, name, api, config_set_geometry, "chafa_canvas_config_set_geometry")
    ZS_IMAGES_FIND(library, name, api, config_set_cell_geometry, "chafa_canvas_config_set_cell_geometry")
    ZS_IMAGES_FIND(library, name, api, config_set_canvas_mode, "chafa_canvas_config_set_canvas_mode")
    ZS_IMAGES_FIND(library, name, api, config_set_pixel_mode, "chafa_canvas_config_set_pixel_mode")
    ZS_IMAGES_FIND(library, name, api, config_set_symbol_map, "chafa_canvas_config_set_symbol_map")
    ZS_IMAGES_FIND(library, name, api, config_unref, "chafa_canvas_config_unref")
    ZS_IMAGES_FIND(library, name, api, canvas_new, "chafa_canvas_new")
    ZS_IMAGES_FIND(library, name, api, canvas_draw_all_pixels, "chafa_canvas_draw_all_pixels")
    ZS_IMAGES_FIND(library, name, api, canvas_get_char_at, "chafa_canvas_get_char_at")
    ZS_IMAGES_FIND(library, name, api, canvas_get_colors_at, "chafa_canvas_get_colors_at")
    ZS_IMAGES_FIND(library, name, api, canvas_print, "chafa_canvas_print")
    ZS_IMAGES_FIND(library, name, api, canvas_unref, "chafa_canvas_unref")
    ZS_IMAGES_FIND(library, name, api, calc_canvas_geometry, "chafa_calc_canvas_geometry")
    ZS_IMAGES_FIND(library, name, api, term_db_get_default, "chafa_term_db_get_default")
    ZS_IMAGES_FIND(library, name, api, term_db_get_fallback_info, "chafa_term_db_get_fallback_info")
    ZS_IMAGES_FIND(library, name, api, term_info_unref, "chafa_term_info_unref")
    /* chafa links GLib, so this finds the copy already mapped with it. */
    void *glib_library = zs_images_open(glib, error, error_size);
    if (!glib_library) return -1;
    ZS_IMAGES_FIND(glib_library, glib, api, g_string_free, "g_string_free")
    return 0;
}


/* ---- Pixel loops, in C so that they are fast in debug builds too ---- */

/* Shrinks RGBA `source` (width x height) into `target` (new_width x new_height, both no larger)
 * by averaging the box of source pixels under each target pixel, colours weighted by alpha. */
static inline void zs_images_downscale(const uint8_t *source, int width, int height, uint8_t *target, int new_width,
                                       int new_height) {
    for (int y = 0; y < new_height; y++) {
        int top = (int)((long)y * height / new_height), bottom = (int)((long)(y + 1) * height / new_height);
        if (bottom <= top) bottom = top + 1;
        for (int x = 0; x < new_width; x++) {
            int left = (int)((long)x * width / new_width), right = (int)((long)(x + 1) * width / new_width);
            if (right <= left) right = left + 1;
            unsigned long red = 0, green = 0, blue = 0, alpha = 0;
            for (int row = top; row < bottom; row++) {
                const uint8_t *pixel = source + ((size_t)row * width + left) * 4;
                for (int column = left; column < right; column++, pixel += 4) {
                    red += (unsigned long)pixel[0] * pixel[3];
                    green += (unsigned long)pixel[1] * pixel[3];
                    blue += (unsigned long)pixel[2] * pixel[3];
                    alpha += pixel[3];
                }
            }
            uint8_t *out = target + ((size_t)y * new_width + x) * 4;
            unsigned long count = (unsigned long)(bottom - top) * (right - left);
            out[0] = alpha ? (uint8_t)(red / alpha) : 0;
            out[1] = alpha ? (uint8_t)(green / alpha) : 0;
            out[2] = alpha ? (uint8_t)(blue / alpha) : 0;
            out[3] = (uint8_t)(alpha / count);
        }
    }
}

/* Whether every pixel of RGBA `pixels` is opaque (the PNG is then written without alpha). */
static inline int zs_images_is_opaque(const uint8_t *pixels, size_t count) {
    for (size_t index = 0; index < count; index++)
        if (pixels[index * 4 + 3] != 255) return 0;
    return 1;
}

/* Copies RGBA `pixels` into `target` as RGB, dropping alpha. */
static inline void zs_images_rgba_to_rgb(const uint8_t *pixels, size_t count, uint8_t *target) {
    for (size_t index = 0; index < count; index++) {
        target[index * 3] = pixels[index * 4];
        target[index * 3 + 1] = pixels[index * 4 + 1];
        target[index * 3 + 2] = pixels[index * 4 + 2];
    }
}

/* The most common colour of the opaque pixels (alpha >= 128) of RGBA `pixels`, binned at 4 bits a
 * channel and returned as the average of its bin, packed 0xRRGGBB; -1 when no pixel is opaque.
 * Every `step`-th pixel is looked at. */
static inline long zs_images_dominant_color(const uint8_t *pixels, size_t count, size_t step) {
    unsigned long *counts = (unsigned long *)calloc(4096 * 4, sizeof(unsigned long));
    if (!counts) return -1;
    unsigned long (*sums)[3] = (unsigned long (*)[3])(counts + 4096);
    if (step == 0) step = 1;
    for (size_t index = 0; index < count; index += step) {
        const uint8_t *pixel = pixels + index * 4;
        if (pixel[3] < 128) continue;
        int bin = (pixel[0] >> 4) << 8 | (pixel[1] >> 4) << 4 | pixel[2] >> 4;
        counts[bin]++;
        sums[bin][0] += pixel[0];
        sums[bin][1] += pixel[1];
        sums[bin][2] += pixel[2];
    }
    int best = 0;
    for (int bin = 1; bin < 4096; bin++) if (counts[bin] > counts[best]) best = bin;
    long color = counts[best] == 0 ? -1
        : (long)(sums[best][0] / counts[best]) << 16 | (long)(sums[best][1] / counts[best]) << 8 |
              (long)(sums[best][2] / counts[best]);
    free(counts);
    return color;
}

#endif
