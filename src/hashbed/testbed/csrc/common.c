/* The AES tables shared by ECHO, SHAvite-3 and Fugue (Grøstl and Fugue build their own from the
 * S-box) and the library's timing helpers; library.c sets every algorithm up. */
#include "hashbed_sw.h"

uint8_t hb_aes_sbox[256];
uint32_t hb_aes_t[4][256];

uint8_t hb_gf_mul(uint8_t a, uint8_t b) {
    /* product in GF(2^8) modulo x^8 + x^4 + x^3 + x + 1 */
    unsigned x = a, product = 0;
    while (b) {
        if (b & 1) product ^= x;
        x <<= 1;
        if (x & 0x100) x ^= 0x11B;
        b >>= 1;
    }
    return (uint8_t)product;
}

void hb_aes_init(void) {
    uint8_t inverse[256] = {0};
    for (unsigned x = 1; x < 256; x++)
        for (unsigned y = 1; y < 256; y++)
            if (hb_gf_mul((uint8_t)x, (uint8_t)y) == 1) {
                inverse[x] = (uint8_t)y;
                break;
            }
    for (unsigned x = 0; x < 256; x++) {
        unsigned b = inverse[x], s = 0x63;
        for (unsigned shift = 0; shift < 5; shift++) s ^= ((b << shift) | (b >> (8 - shift))) & 0xFF;
        hb_aes_sbox[x] = (uint8_t)s;
    }
    for (unsigned x = 0; x < 256; x++) {
        uint8_t s = hb_aes_sbox[x];
        /* MixColumns of the column (s, 0, 0, 0): rows (2s, s, s, 3s) */
        uint32_t base = (uint32_t)hb_gf_mul(s, 2) | (uint32_t)s << 8 | (uint32_t)s << 16 | (uint32_t)hb_gf_mul(s, 3) << 24;
        for (unsigned k = 0; k < 4; k++) hb_aes_t[k][x] = k ? hb_rotl32(base, 8 * k) : base;
    }
}

int hb_aes;

/* Use the AES instructions where there are any (1, the default) or the tables (0); returns
 * whether the instructions are used now. */
int hb_set_aes(int on) {
#if HB_HAVE_AESNI
    __builtin_cpu_init();
    hb_aes = on && __builtin_cpu_supports("aes");
#else
    (void)on;
    hb_aes = 0;
#endif
    return hb_aes;
}

typedef void (*hb_hash)(const uint8_t *, size_t, uint8_t *);

/* Hash the same message `count` times (for timing without a call from Python per hash). */
void hb_repeat(hb_hash hash, const uint8_t *data, size_t length, uint8_t *digest, uint64_t count) {
    for (uint64_t i = 0; i < count; i++) hash(data, length, digest);
}

/* Does nothing: a call of it through ctypes measures the call overhead. */
void hb_nothing(const uint8_t *data, size_t length, uint8_t *digest) {
    (void)data;
    (void)length;
    (void)digest;
}

/* A chain of `count` x 8 dependent 64-bit additions: one cycle each on every processor of the
 * last twenty years, so that its time gives the core clock that the processor runs at. The
 * empty asm statements keep the compiler from folding the chain into one multiplication. */
uint64_t hb_add_chain(uint64_t count, uint64_t x) {
    for (uint64_t i = 0; i < count; i++) {
#if defined(__GNUC__)
#define HB_ADD                                                                                                         \
    x += i;                                                                                                            \
    __asm__ volatile("" : "+r"(x));
#else
#define HB_ADD x = x * 3 + i; /* no empty asm: a multiply-add chain; the calibration says so */
#endif
        HB_ADD HB_ADD HB_ADD HB_ADD HB_ADD HB_ADD HB_ADD HB_ADD
#undef HB_ADD
    }
    return x;
}
