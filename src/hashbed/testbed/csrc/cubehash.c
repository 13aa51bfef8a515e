/* CubeHash16/32-256, the round-2 parameters: r = 16 rounds per 32-byte block.
 *
 * The ten steps of a round swap words (x[i] with x[i^8], ...). Instead of moving words, the
 * code reads them through XOR offsets; after two rounds the offsets are back at zero, so a
 * pair of rounds is twelve passes over the 16 words of a half. */
#include "hashbed_sw.h"

static uint32_t IV[32];

#if defined(__GNUC__) && (defined(__clang__) || __GNUC__ >= 5)
/* With GCC or Clang, the words go four to a vector (GNU C vector extensions, which the compiler
 * lowers to whatever the processor has: SSE2, NEON, or plain words). Word j of a half is lane
 * j % 4 of vector j / 4, so the offset j ^ off picks vector k ^ (off >> 2) and permutes lanes by
 * off & 3. */
typedef uint32_t v4 __attribute__((vector_size(16)));

#if defined(__clang__)
#define LANES(x, m) __builtin_shufflevector(x, x, 0 ^ (m), 1 ^ (m), 2 ^ (m), 3 ^ (m))
#else
#define LANES(x, m) __builtin_shuffle(x, (v4){0 ^ (m), 1 ^ (m), 2 ^ (m), 3 ^ (m)})
#endif

#define ADD(off)                                                                                                       \
    for (int k = 0; k < 4; k++) b[k] += LANES(a[k ^ ((off) >> 2)], (off) & 3);
#define XOR(off)                                                                                                       \
    for (int k = 0; k < 4; k++) a[k] ^= LANES(b[k ^ ((off) >> 2)], (off) & 3);
#define ROT(n)                                                                                                         \
    for (int k = 0; k < 4; k++) a[k] = (a[k] << (n)) | (a[k] >> (32 - (n)));

typedef v4 half[4];
#else
#define ADD(off)                                                                                                       \
    for (int j = 0; j < 16; j++) b[j] += a[j ^ (off)];
#define XOR(off)                                                                                                       \
    for (int j = 0; j < 16; j++) a[j] ^= b[j ^ (off)];
#define ROT(n)                                                                                                         \
    for (int j = 0; j < 16; j++) a[j] = hb_rotl32(a[j], n);

typedef uint32_t half[16];
#endif

/* `rounds` (even) rounds on the state x[0..31] = a[0..15], b[0..15]. */
static void rounds_on(uint32_t *x, int rounds) {
    half a, b;
    memcpy(a, x, sizeof a);
    memcpy(b, x + 16, sizeof b);
    for (int r = 0; r < rounds; r += 2) {
        ADD(0) ROT(7) XOR(8) ADD(10) ROT(11) XOR(14)
        ADD(15) ROT(7) XOR(7) ADD(5) ROT(11) XOR(1)
    }
    memcpy(x, a, sizeof a);
    memcpy(x + 16, b, sizeof b);
}

void hb_cubehash_init(void) {
    memset(IV, 0, sizeof IV);
    IV[0] = 32; /* h/8 */
    IV[1] = 32; /* b */
    IV[2] = 16; /* r */
    rounds_on(IV, 160);
}

HB_INLINE void absorb(uint32_t *x, const uint8_t *block) {
    for (int i = 0; i < 8; i++) x[i] ^= hb_le32(block + 4 * i);
    rounds_on(x, 16);
}

/* Padding: a 1 bit and zeros to a whole block; finalization: x[31] ^= 1 and 160 rounds. */
void hb_cubehash256_round2(const uint8_t *data, size_t length, uint8_t *digest) {
    uint32_t x[32];
    memcpy(x, IV, sizeof x);
    while (length >= 32) {
        absorb(x, data);
        data += 32;
        length -= 32;
    }
    uint8_t block[32] = {0};
    memcpy(block, data, length);
    block[length] = 0x80;
    absorb(x, block);
    x[31] ^= 1;
    rounds_on(x, 160);
    for (int i = 0; i < 8; i++) hb_put_le32(digest + 4 * i, x[i]);
}
