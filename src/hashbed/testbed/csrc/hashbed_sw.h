/* hashbed's software side: what every algorithm file shares.
 *
 * Each algorithm file defines one or more functions of the form
 *     void hb_<name>(const uint8_t *data, size_t length, uint8_t *digest);
 * that hash `length` whole bytes into a 32-byte digest. hb_init() (library.c) must run once
 * before the first call: it fills the tables that are computed rather than written out (the
 * AES S-box and round tables, Grøstl's and Hamsi's tables, the IVs that a specification
 * defines as the result of hashing a constant block). Plain C99; the word loads and stores
 * below are written byte by byte so that they are right on any byte order (compilers turn
 * them into single loads). */
#ifndef HASHBED_SW_H
#define HASHBED_SW_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define HB_DIGEST_BYTES 32

/* A function that the compiler must inline (so that constant arguments unroll its loops). */
#if defined(__GNUC__)
#define HB_INLINE static inline __attribute__((always_inline))
#else
#define HB_INLINE static inline
#endif

static inline uint32_t hb_rotl32(uint32_t x, unsigned n) { return (x << n) | (x >> ((32 - n) & 31)); }
static inline uint32_t hb_rotr32(uint32_t x, unsigned n) { return (x >> n) | (x << ((32 - n) & 31)); }
static inline uint64_t hb_rotl64(uint64_t x, unsigned n) { return (x << n) | (x >> ((64 - n) & 63)); }

static inline uint32_t hb_le32(const uint8_t *p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static inline uint32_t hb_be32(const uint8_t *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | (uint32_t)p[3];
}
static inline uint64_t hb_le64(const uint8_t *p) { return (uint64_t)hb_le32(p) | (uint64_t)hb_le32(p + 4) << 32; }
static inline uint64_t hb_be64(const uint8_t *p) { return (uint64_t)hb_be32(p) << 32 | (uint64_t)hb_be32(p + 4); }

static inline void hb_put_le32(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}
static inline void hb_put_be32(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}
static inline void hb_put_le64(uint8_t *p, uint64_t v) {
    hb_put_le32(p, (uint32_t)v);
    hb_put_le32(p + 4, (uint32_t)(v >> 32));
}
static inline void hb_put_be64(uint8_t *p, uint64_t v) {
    hb_put_be32(p, (uint32_t)(v >> 32));
    hb_put_be32(p + 4, (uint32_t)v);
}

/* The AES field and tables (common.c). hb_aes_sbox: SubBytes. hb_aes_t[k][x]: SubBytes and
 * MixColumns of byte x in row k of a column, as a little-endian column word (row 0 in the low
 * byte); one AES round's output column j is
 *     t[0][byte 0 of col j] ^ t[1][byte 1 of col j+1] ^ t[2][byte 2 of col j+2] ^ t[3][byte 3 of col j+3]. */
extern uint8_t hb_aes_sbox[256];
extern uint32_t hb_aes_t[4][256];
uint8_t hb_gf_mul(uint8_t a, uint8_t b);
/* Fill hb_aes_sbox and hb_aes_t (called by hb_init). */
void hb_aes_init(void);

/* One unkeyed AES round (SubBytes, ShiftRows, MixColumns) of four little-endian column words. */
#define HB_AES_ROUND(y0, y1, y2, y3, x0, x1, x2, x3)                                                                   \
    do {                                                                                                               \
        y0 = hb_aes_t[0][(x0) & 0xFF] ^ hb_aes_t[1][((x1) >> 8) & 0xFF] ^ hb_aes_t[2][((x2) >> 16) & 0xFF] ^           \
             hb_aes_t[3][(x3) >> 24];                                                                                  \
        y1 = hb_aes_t[0][(x1) & 0xFF] ^ hb_aes_t[1][((x2) >> 8) & 0xFF] ^ hb_aes_t[2][((x3) >> 16) & 0xFF] ^           \
             hb_aes_t[3][(x0) >> 24];                                                                                  \
        y2 = hb_aes_t[0][(x2) & 0xFF] ^ hb_aes_t[1][((x3) >> 8) & 0xFF] ^ hb_aes_t[2][((x0) >> 16) & 0xFF] ^           \
             hb_aes_t[3][(x1) >> 24];                                                                                  \
        y3 = hb_aes_t[0][(x3) & 0xFF] ^ hb_aes_t[1][((x0) >> 8) & 0xFF] ^ hb_aes_t[2][((x1) >> 16) & 0xFF] ^           \
             hb_aes_t[3][(x2) >> 24];                                                                                  \
    } while (0)

/* The AES instructions (x86 AES-NI), used by ECHO and SHAvite-3 where the processor has them: GCC
 * and Clang compile those functions for the instructions alone (a target attribute, no -m flag
 * for the rest of the library) and hb_init turns them on after asking the processor. Elsewhere,
 * and with hb_set_aes(0), the T-tables. */
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#define HB_HAVE_AESNI 1
#define HB_AESNI __attribute__((target("aes,sse2")))
#include <immintrin.h>
#else
#define HB_HAVE_AESNI 0
#endif
extern int hb_aes;

/* The set-up of each algorithm file that needs one (called by hb_init). */
void hb_groestl_init(void);
void hb_fugue_init(void);
void hb_hamsi_init(void);
void hb_cubehash_init(void);
void hb_jh_init(void);
void hb_shabal_init(void);
void hb_skein_init(void);

#endif
