/* CubeHash16/32-256, the round-2 parameters: r = 16 rounds per 32-byte block.
 *
 * The ten steps of a round swap words (x[i] with x[i^8], ...). Instead of moving words, the
 * code reads them through XOR offsets; after two rounds the offsets are back at zero, so a
 * pair of rounds is one pass of six loops over 16 words each (which compilers vectorize). */
#include "hashbed_sw.h"

static uint32_t IV[32];

#define ADD(off)                                                                                                       \
    for (int j = 0; j < 16; j++) b[j] += a[j ^ (off)];
#define XOR(off)                                                                                                       \
    for (int j = 0; j < 16; j++) a[j] ^= b[j ^ (off)];
#define ROT(n)                                                                                                         \
    for (int j = 0; j < 16; j++) a[j] = hb_rotl32(a[j], n);

/* `rounds` (even) rounds on the state x[0..31] = a[0..15], b[0..15]. */
static void rounds_on(uint32_t *x, int rounds) {
    uint32_t a[16], b[16];
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
