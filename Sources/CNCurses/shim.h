#ifndef ZAPP_SHELL_CNCURSES_SHIM_H
#define ZAPP_SHELL_CNCURSES_SHIM_H

/* SwiftPM drops pkg-config's -D flags, so the wide-character API is enabled here. */
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <ncursesw/curses.h>

static inline WINDOW *zs_stdscr(void) { return stdscr; }
static inline int zs_lines(void) { return LINES; }
static inline int zs_cols(void) { return COLS; }
static inline int zs_colors(void) { return COLORS; }
static inline int zs_color_pairs(void) { return COLOR_PAIRS; }
static inline void zs_set_escdelay(int ms) { set_escdelay(ms); }

static inline attr_t zs_a_normal(void) { return A_NORMAL; }
static inline attr_t zs_a_bold(void) { return A_BOLD; }
static inline attr_t zs_a_dim(void) { return A_DIM; }
static inline attr_t zs_a_underline(void) { return A_UNDERLINE; }
static inline attr_t zs_a_reverse(void) { return A_REVERSE; }
static inline attr_t zs_a_italic(void) { return A_ITALIC; }
static inline attr_t zs_a_standout(void) { return A_STANDOUT; }

static inline int zs_key_resize(void) { return KEY_RESIZE; }
static inline int zs_key_mouse(void) { return KEY_MOUSE; }
static inline mmask_t zs_button1_clicked(void) { return BUTTON1_CLICKED | BUTTON1_PRESSED | BUTTON1_RELEASED; }
static inline mmask_t zs_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t zs_button1_released(void) { return BUTTON1_RELEASED; }
static inline mmask_t zs_button1_clicked_only(void) { return BUTTON1_CLICKED; }
static inline mmask_t zs_button4_pressed(void) { return BUTTON4_PRESSED; }
#ifdef BUTTON5_PRESSED
static inline mmask_t zs_button5_pressed(void) { return BUTTON5_PRESSED; }
#else
static inline mmask_t zs_button5_pressed(void) { return 0; }
#endif

#endif
