/* Hamsi-256 (round 2).
 *
 * Each 32-bit message word expands by a linear code to eight words: the XOR of the generator
 * rows of its set bits, looked up a byte at a time in tables built from the rows. The
 * 4-bit S-box runs bit-sliced on the columns (s[i], s[i+4], s[i+8], s[i+12]), its formula
 * the algebraic normal form of the S-box with shared products and sums. */
#include "hashbed_sw.h"

/* Generator rows of the expansion: row 8 * i + k belongs to bit k (0 = least significant) of
 * message byte i (0 = the first byte, the most significant byte of the word); each row is
 * m0..m7. */
static const uint32_t ROWS[32][8] = {
    {0x74951000, 0x5a2b467e, 0x88fd1d2b, 0x1ee68292, 0xcba90000, 0x90273769, 0xbbdcf407, 0xd0f4af61},
    {0xcba90000, 0x90273769, 0xbbdcf407, 0xd0f4af61, 0xbf3c1000, 0xca0c7117, 0x3321e92c, 0xce122df3},
    {0xe92a2000, 0xb4578cfc, 0x11fa3a57, 0x3dc90524, 0x97530000, 0x204f6ed3, 0x77b9e80f, 0xa1ec5ec1},
    {0x97530000, 0x204f6ed3, 0x77b9e80f, 0xa1ec5ec1, 0x7e792000, 0x9418e22f, 0x6643d258, 0x9c255be5},
    {0x121b4000, 0x5b17d9e8, 0x8dfacfab, 0xce36cc72, 0xe6570000, 0x4bb33a25, 0x848598ba, 0x1041003e},
    {0xe6570000, 0x4bb33a25, 0x848598ba, 0x1041003e, 0xf44c4000, 0x10a4e3cd, 0x097f5711, 0xde77cc4c},
    {0xe4788000, 0x859673c1, 0xb5fb2452, 0x29cc5edf, 0x045f0000, 0x9c4a93c9, 0x62fc79d0, 0x731ebdc2},
    {0x045f0000, 0x9c4a93c9, 0x62fc79d0, 0x731ebdc2, 0xe0278000, 0x19dce008, 0xd7075d82, 0x5ad2e31d},
    {0xb7a40100, 0x8a1f31d8, 0x8589d8ab, 0xe6c46464, 0x734c0000, 0x956fa7d6, 0xa29d1297, 0x6ee56854},
    {0x734c0000, 0x956fa7d6, 0xa29d1297, 0x6ee56854, 0xc4e80100, 0x1f70960e, 0x2714ca3c, 0x88210c30},
    {0xa7b80200, 0x1f128433, 0x60e5f9f2, 0x9e147576, 0xee260000, 0x124b683e, 0x80c2d68f, 0x3bf3ab2c},
    {0xee260000, 0x124b683e, 0x80c2d68f, 0x3bf3ab2c, 0x499e0200, 0x0d59ec0d, 0xe0272f7d, 0xa5e7de5a},
    {0x8f3e0400, 0x0d9dc877, 0x6fc548e1, 0x898d2cd6, 0x14bd0000, 0x2fba37ff, 0x6a72e5bb, 0x247febe6},
    {0x14bd0000, 0x2fba37ff, 0x6a72e5bb, 0x247febe6, 0x9b830400, 0x2227ff88, 0x05b7ad5a, 0xadf2c730},
    {0xde320800, 0x288350fe, 0x71852ac7, 0xa6bf9f96, 0xe18b0000, 0x5459887d, 0xbf1283d3, 0x1b666a73},
    {0xe18b0000, 0x5459887d, 0xbf1283d3, 0x1b666a73, 0x3fb90800, 0x7cdad883, 0xce97a914, 0xbdd9f5e5},
    {0x515c0010, 0x40f372fb, 0xfce72602, 0x71575061, 0x2e390000, 0x64dd6689, 0x3cd406fc, 0xb1f490bc},
    {0x2e390000, 0x64dd6689, 0x3cd406fc, 0xb1f490bc, 0x7f650010, 0x242e1472, 0xc03320fe, 0xc0a3c0dd},
    {0xa2b80020, 0x81e7e5f6, 0xf9ce4c04, 0xe2afa0c0, 0x5c720000, 0xc9bacd12, 0x79a90df9, 0x63e92178},
    {0x5c720000, 0xc9bacd12, 0x79a90df9, 0x63e92178, 0xfeca0020, 0x485d28e4, 0x806741fd, 0x814681b8},
    {0x4dce0040, 0x3b5bec7e, 0x36656ba8, 0x23633a05, 0x78ab0000, 0xa0cd5a34, 0x5d5ca0f7, 0x727784cb},
    {0x78ab0000, 0xa0cd5a34, 0x5d5ca0f7, 0x727784cb, 0x35650040, 0x9b96b64a, 0x6b39cb5f, 0x5114bece},
    {0x5bd20080, 0x450f18ec, 0xc2c46c55, 0xf362b233, 0x39a60000, 0x4ab753eb, 0xd14e094b, 0xb772b42b},
    {0x39a60000, 0x4ab753eb, 0xd14e094b, 0xb772b42b, 0x62740080, 0x0fb84b07, 0x138a651e, 0x44100618},
    {0xc04e0001, 0x33b9c010, 0xae0ebb05, 0xb5a4c63b, 0xc8f10000, 0x0b2de782, 0x6bf648a4, 0x539cbdbf},
    {0xc8f10000, 0x0b2de782, 0x6bf648a4, 0x539cbdbf, 0x08bf0001, 0x38942792, 0xc5f8f3a1, 0xe6387b84},
    {0x88230002, 0x5fe7a7b3, 0x99e585aa, 0x8d75f7f1, 0x51ac0000, 0x25e30f14, 0x79e22a4c, 0x1298bd46},
    {0x51ac0000, 0x25e30f14, 0x79e22a4c, 0x1298bd46, 0xd98f0002, 0x7a04a8a7, 0xe007afe6, 0x9fed4ab7},
    {0xd0080004, 0x8c768f77, 0x9dc5b050, 0xaf4a29da, 0x6ba90000, 0x40ebf9aa, 0x98321c3d, 0x76acc733},
    {0x6ba90000, 0x40ebf9aa, 0x98321c3d, 0x76acc733, 0xbba10004, 0xcc9d76dd, 0x05f7ac6d, 0xd9e6eee9},
    {0xa8ae0008, 0x2079397d, 0xfe739301, 0xb8a92831, 0x171c0000, 0xb26e3344, 0x9e6a837e, 0x58f8485f},
    {0x171c0000, 0xb26e3344, 0x9e6a837e, 0x58f8485f, 0xbfb20008, 0x92170a39, 0x6019107f, 0xe051606e},
};

static const uint32_t IV[8] = {0x76657273, 0x69746569, 0x74204C65, 0x7576656E,
                               0x2C204465, 0x70617274, 0x656D656E, 0x7420456C};

static const uint32_t ALPHA_P[16] = {0xFF00F0F0, 0xCCCCAAAA, 0xF0F0CCCC, 0xFF00AAAA, 0xF0F0CCCC, 0xAAAAFF00,
                                     0xCCCCFF00, 0xAAAAF0F0, 0xCCCCAAAA, 0xFF00F0F0, 0xFF00AAAA, 0xF0F0CCCC,
                                     0xAAAAFF00, 0xF0F0CCCC, 0xAAAAF0F0, 0xCCCCFF00};
static const uint32_t ALPHA_F[16] = {0xCAF9639C, 0x0FF0F9C0, 0x639C0FF0, 0xCAF9F9C0, 0x639C0FF0, 0xF9C0CAF9,
                                     0x0FF0CAF9, 0xF9C0639C, 0x0FF0F9C0, 0xCAF9639C, 0xCAF9F9C0, 0x639C0FF0,
                                     0xF9C0CAF9, 0x639C0FF0, 0xF9C0639C, 0x0FF0CAF9};

/* expansion[i][v]: the eight expanded words of byte value v in byte i of the message word. */
static uint32_t expansion[4][256][8];

void hb_hamsi_init(void) {
    for (int i = 0; i < 4; i++)
        for (int v = 0; v < 256; v++)
            for (int w = 0; w < 8; w++) {
                uint32_t acc = 0;
                for (int k = 0; k < 8; k++)
                    if (v >> k & 1) acc ^= ROWS[8 * i + k][w];
                expansion[i][v][w] = acc;
            }
}

/* The S-box on bit column (x0, x1, x2, x3), x0 the least significant bit of the nibble. */
#define SBOX(T, a, b, c, d)                                                                                            \
    do {                                                                                                               \
        T x0 = a, x1 = b, x2 = c, x3 = d;                                                                              \
        T t0 = x0 & x2, t1 = x1 & x2, t2 = x0 & x3, t3 = x1 & x3, t4 = x2 & x3;                                        \
        T t5 = t0 & x1, t6 = t2 & x1, t7 = t0 & x3;                                                                    \
        T t8 = x1 ^ x2, t11 = t5 ^ t8 ^ x0, t13 = t1 ^ t6 ^ t7 ^ t4;                                                   \
        a = t0 ^ t8 ^ x3;                                                                                              \
        b = t11 ^ t13 ^ t2;                                                                                            \
        c = t13 ^ t3 ^ x0 ^ x1 ^ x3;                                                                                   \
        d = ~(t11 ^ t3);                                                                                               \
    } while (0)

/* A rotation of a word, or of every lane of a vector (1 <= n <= 31). */
#define ROTL(x, n) (((x) << (n)) | ((x) >> (32 - (n))))

/* The linear transform L on four words. */
#define LINEAR(a, b, c, d)                                                                                             \
    do {                                                                                                               \
        a = ROTL(a, 13);                                                                                          \
        c = ROTL(c, 3);                                                                                           \
        b ^= a ^ c;                                                                                                    \
        d ^= c ^ (a << 3);                                                                                             \
        b = ROTL(b, 1);                                                                                           \
        d = ROTL(d, 7);                                                                                           \
        a ^= b ^ d;                                                                                                    \
        c ^= d ^ (b << 7);                                                                                             \
        a = ROTL(a, 5);                                                                                           \
        c = ROTL(c, 22);                                                                                          \
    } while (0)

HB_INLINE void round_function(uint32_t *s, const uint32_t *alpha, uint32_t counter) {
    for (int i = 0; i < 16; i++) s[i] ^= alpha[i];
    s[1] ^= counter;
    for (int i = 0; i < 4; i++) SBOX(uint32_t, s[i], s[i + 4], s[i + 8], s[i + 12]);
    LINEAR(s[0], s[5], s[10], s[15]);
    LINEAR(s[1], s[6], s[11], s[12]);
    LINEAR(s[2], s[7], s[8], s[13]);
    LINEAR(s[3], s[4], s[9], s[14]);
}

/* Concatenate, P (3 rounds) or Pf (6 rounds) for the last block, truncate, XOR into h. */
HB_INLINE void compress(uint32_t *h, const uint8_t *p, int final) {
    const uint32_t *e0 = expansion[0][p[0]], *e1 = expansion[1][p[1]], *e2 = expansion[2][p[2]],
                   *e3 = expansion[3][p[3]];
    uint32_t m[8];
    for (int i = 0; i < 8; i++) m[i] = e0[i] ^ e1[i] ^ e2[i] ^ e3[i];
    uint32_t s[16] = {m[0], m[1], h[0], h[1], h[2], h[3], m[2], m[3], m[4], m[5], h[4], h[5], h[6], h[7], m[6], m[7]};
    if (final)
        for (uint32_t r = 0; r < 6; r++) round_function(s, ALPHA_F, r);
    else
        for (uint32_t r = 0; r < 3; r++) round_function(s, ALPHA_P, r);
    h[0] ^= s[0];
    h[1] ^= s[1];
    h[2] ^= s[2];
    h[3] ^= s[3];
    h[4] ^= s[8];
    h[5] ^= s[9];
    h[6] ^= s[10];
    h[7] ^= s[11];
}

#if defined(__GNUC__) && (defined(__clang__) || __GNUC__ >= 5)
/* With GCC or Clang the state is four GNU C vectors, row r = (s[4r], ..., s[4r + 3]), so that
 * one S-box evaluation covers the four bit columns; L works on the diagonals, which a rotation
 * of rows 1, 2, 3 by 1, 2, 3 lanes lines up as lanes. */
typedef uint32_t v4 __attribute__((vector_size(16)));
#if defined(__clang__)
#define LANES(x, r) __builtin_shufflevector(x, x, (r) & 3, ((r) + 1) & 3, ((r) + 2) & 3, ((r) + 3) & 3)
#define PICK(x, y, i0, i1, i2, i3) __builtin_shufflevector(x, y, i0, i1, i2, i3)
#else
#define LANES(x, r) __builtin_shuffle(x, (v4){(r) & 3, ((r) + 1) & 3, ((r) + 2) & 3, ((r) + 3) & 3})
#define PICK(x, y, i0, i1, i2, i3) __builtin_shuffle(x, y, (v4){i0, i1, i2, i3})
#endif

HB_INLINE v4 load4(const uint32_t *p) {
    v4 v;
    memcpy(&v, p, sizeof v);
    return v;
}

HB_INLINE void compress_v(v4 *h, const uint8_t *p, int final) {
    const uint32_t *e0 = expansion[0][p[0]], *e1 = expansion[1][p[1]], *e2 = expansion[2][p[2]],
                   *e3 = expansion[3][p[3]];
    v4 m0 = load4(e0) ^ load4(e1) ^ load4(e2) ^ load4(e3);
    v4 m1 = load4(e0 + 4) ^ load4(e1 + 4) ^ load4(e2 + 4) ^ load4(e3 + 4);
    /* rows (m0, m1, h0, h1), (h2, h3, m2, m3), (m4, m5, h4, h5), (h6, h7, m6, m7) */
    v4 s0 = PICK(m0, h[0], 0, 1, 4, 5), s1 = PICK(h[0], m0, 2, 3, 6, 7);
    v4 s2 = PICK(m1, h[1], 0, 1, 4, 5), s3 = PICK(h[1], m1, 2, 3, 6, 7);
    const uint32_t *alpha = final ? ALPHA_F : ALPHA_P;
    v4 a0 = load4(alpha), a1 = load4(alpha + 4), a2 = load4(alpha + 8), a3 = load4(alpha + 12);
    int rounds = final ? 6 : 3;
    for (int r = 0; r < rounds; r++) {
        s0 ^= a0 ^ (v4){0, (uint32_t)r, 0, 0};
        s1 ^= a1;
        s2 ^= a2;
        s3 ^= a3;
        SBOX(v4, s0, s1, s2, s3);
        s1 = LANES(s1, 1);
        s2 = LANES(s2, 2);
        s3 = LANES(s3, 3);
        LINEAR(s0, s1, s2, s3);
        s1 = LANES(s1, 3);
        s2 = LANES(s2, 2);
        s3 = LANES(s3, 1);
    }
    h[0] ^= s0;
    h[1] ^= s2;
}

/* Padding: a 1 bit and zeros to a whole 32-bit word, then the 64-bit bit length, big-endian. */
void hb_hamsi256_round2(const uint8_t *data, size_t length, uint8_t *digest) {
    v4 h[2] = {load4(IV), load4(IV + 4)};
    uint64_t bits = 8 * (uint64_t)length;
    while (length >= 4) {
        compress_v(h, data, 0);
        data += 4;
        length -= 4;
    }
    uint8_t tail[12] = {0};
    memcpy(tail, data, length);
    tail[length] = 0x80;
    hb_put_be64(tail + 4, bits);
    compress_v(h, tail, 0);
    compress_v(h, tail + 4, 0);
    compress_v(h, tail + 8, 1);
    for (int i = 0; i < 8; i++) hb_put_be32(digest + 4 * i, h[i >> 2][i & 3]);
}
#else
/* Padding: a 1 bit and zeros to a whole 32-bit word, then the 64-bit bit length, big-endian. */
void hb_hamsi256_round2(const uint8_t *data, size_t length, uint8_t *digest) {
    uint32_t h[8];
    memcpy(h, IV, sizeof h);
    uint64_t bits = 8 * (uint64_t)length;
    while (length >= 4) {
        compress(h, data, 0);
        data += 4;
        length -= 4;
    }
    uint8_t tail[12] = {0};
    memcpy(tail, data, length);
    tail[length] = 0x80;
    hb_put_be64(tail + 4, bits);
    compress(h, tail, 0);
    compress(h, tail + 4, 0);
    compress(h, tail + 8, 1);
    for (int i = 0; i < 8; i++) hb_put_be32(digest + 4 * i, h[i]);
}
#endif
