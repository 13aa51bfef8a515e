/* JH-256: round 2 (35 rounds and a last half round) and round 3 (42 rounds, JH42).
 *
 * The bit-slice form of E8 (the JH specification describes it): the 1024-bit state H is eight
 * 128-bit words x0..x7 in their natural order, each two 64-bit words (bytes 16j..16j+15 of H,
 * loaded little-endian). Element i of the even words is the nibble (x0, x2, x4, x6) at bit
 * position i, of the odd words (x1, x3, x5, x7); the S-boxes and L work on these nibbles
 * position by position, and the permutation P8 becomes, in round r, a swap of neighbouring
 * groups of 2^(r mod 7) bit positions in the odd words only. After 35 and after 42 rounds the
 * positions are H's again. The round constants below are the specification's C_r (from C0 by
 * the R6 recurrence) rearranged for that form: in round r, the constant bit of the element
 * that sits at each position (even words, then odd words; each 128 bits as two 64-bit words
 * in the state's layout). The S-box formula (constant bit c selecting S1 over S0) is the
 * algebraic normal form of the 5-input function with shared products and sums. */
#include "hashbed_sw.h"

static const uint64_t RC[42][4] = {
    {0x67F815DFA2DED572, 0x571523B70A15847B, 0xF6875A4D90D6AB81, 0x402BD1C3C54F9F4E},
    {0x9CFA455CE03A98EA, 0x9A99B26699D2C503, 0x8A53BBF2B4960266, 0x31A2DB881A1456B5},
    {0xDB0E199A5C5AA303, 0x1044C1870AB23F40, 0x1D959E848019051C, 0xDCCDE75EADEB336F},
    {0x416BBF029213BA10, 0xD027BBF7156578DC, 0x5078AA3739812C0A, 0xD3910041D2BF1A3F},
    {0x907ECCF60D5A2D42, 0xCE97C0929C9F62DD, 0xAC442BC70BA75C18, 0x23FCC663D665DFD1},
    {0x1AB8E09E036C6E97, 0xA8EC6C447E450521, 0xFA618E5DBB03F1EE, 0x97818394B29796FD},
    {0x2F3003DB37858E4A, 0x956A9FFB2D8D672A, 0x6C69B8F88173FE8A, 0x14427FC04672C78A},
    {0xC45EC7BD8F15F4C5, 0x80BB118FA76F4475, 0xBC88E4AEB775DE52, 0xF4A3A6981E00B882},
    {0x1563A3A9338FF48E, 0x89F9B7D524565FAA, 0xFDE05A7C20EDF1B6, 0x362C42065AE9CA36},
    {0x3D98FE4E433529CE, 0xA74B9A7374F93A53, 0x86814E6F591FF5D0, 0x9F5AD8AF81AD9D0E},
    {0x6A6234EE670605A7, 0x2717B96EBE280B8B, 0x3F1080C626077447, 0x7B487EC66F7EA0E0},
    {0xC0A4F84AA50A550D, 0x9EF18E979FE7E391, 0xD48D605081727686, 0x62B0E5F3415A9E7E},
    {0x7A205440EC1F9FFC, 0x84C9F4CE001AE4E3, 0xD895FA9DF594D74F, 0xA554C324117E2E55},
    {0x286EFEBD2872DF5B, 0xB2C4A50FE27FF578, 0x2ED349EEEF7C8905, 0x7F5928EB85937E44},
    {0x4A3124B337695F70, 0x65E4D61DF128865E, 0xE720B95104771BC7, 0x8A87D423E843FE74},
    {0xF2947692A3E8297D, 0xC1D9309B097ACBDD, 0xE01BDC5BFB301B1D, 0xBF829CF24F4924DA},
    {0xFFBF70B431BAE7A4, 0x48BCF8DE0544320D, 0x39D3BB5332FCAE3B, 0xA08B29E0C1C39F45},
    {0x0F09AEF7FD05C9E5, 0x34F1904212347094, 0x95ED44E301B771A2, 0x4A982F4F368E3BE9},
    {0x15F66CA0631D4088, 0xFFAF52874B44C147, 0x30C60AE2F14ABB7E, 0xE68C6ECCC5B67046},
    {0x00CA4FBD56A4D5A4, 0xAE183EC84B849DDA, 0xADD1643045CE5773, 0x67255C1468CEA6E8},
    {0x16E10ECBF28CDAA3, 0x9A99949A5806E933, 0x7B846FC220B2601F, 0x1885D1A07FACCED1},
    {0xD319DD8DA15B5932, 0x46B4A5AAC01C9A50, 0xBA6B04E467633D9F, 0x7EEE560BAB19CAF6},
    {0x742128A9EA79B11F, 0xEE51363B35F7BDE9, 0x76D350755AAC571D, 0x01707DA3FEC2463A},
    {0x42D8A498AFC135F7, 0x79676B9E20ECED78, 0xA8DB3AEA15638341, 0x832C83324D3BC3FA},
    {0xF347271C1F3B40A7, 0x9A762DB734F04059, 0xFD4F21D26C4E3EE7, 0xEF5957DC398DFDB8},
    {0xDAEB492B490C9B8D, 0x0D70F36849D7A25B, 0x84558D7AD0AE3B7D, 0x658EF8E4F0E9A5F5},
    {0x533B1036F4A2B8A0, 0x5AEC3E759E07A80C, 0x4F88E85692946891, 0x4CBCBAF8555CB05B},
    {0x7B9487F3993BBBE3, 0x5D1C6B72D6F4DA75, 0x6DB334DC28ACAE64, 0x71DB28B850A5346C},
    {0x2A518D10F2E261F8, 0xFC75DD593364DBE3, 0xA23FCE43F1BCAC1C, 0xB043E8023CD1BB67},
    {0x75A12988CA5B0A33, 0x5C5316B44D19347F, 0x1E4D790EC3943B92, 0x3FAFEEB6D7757479},
    {0x21391ABEF7D4A8EA, 0x5127234C097EF45C, 0xD23C32BA5324A326, 0xADD5A66D4A17A344},
    {0x08C9F2AFA63E1DB5, 0x563C6B91983D5983, 0x4D608672A17CF84C, 0xF6C76E08CC3EE246},
    {0x5E76BCB1B333982F, 0x2AE6C4EFA566D62B, 0x36D4C1BEE8B6F406, 0x6321EFBC1582EE74},
    {0x69C953F40D4EC1FD, 0x26585806C45A7DA7, 0x16FAE0061614C17E, 0x3F9D63283DAF907E},
    {0x0CD29B00E3F2C9D2, 0x300CD4B730CEAA5F, 0x9832E0F216512A74, 0x9AF8CEE3D830EB0D},
    {0x9279F1B57B9EC54B, 0xD36886046EE651FF, 0x316796E6574D239B, 0x05750A17F3A6E6CC},
    {0xCE6C3213D98176B1, 0x62A205F88452173C, 0x47154778B3CB2BF4, 0x486A9323825446FF},
    {0x65655E4E0758DF38, 0x8E5086FC897CFCF2, 0x86CA0BD0442E7031, 0x4E477830A20940F0},
    {0x8338F7D139EEA065, 0xBD3A2CE437E95EF7, 0x6FF8130126B29721, 0xE7DE9FEFD1ED44A3},
    {0xD992257615DFA08B, 0xBE42DC12F6F7853C, 0x7EB027AB7CECA7D8, 0xDEA83EAADA7D8D53},
    {0xD86902BD93CE25AA, 0xF908731AFD43F65A, 0xA5194A17DAEF5FC0, 0x6A21FD4C33664D97},
    {0x701541DB3198B435, 0x9B54CDEDBB0F1EEA, 0x72409751A163D09A, 0xE26F4791BF9D75F6},
};

typedef struct {
    uint64_t x[8][2];
} jh_state;

/* S_c on the nibble (x3 x2 x1 x0), x3 the most significant bit, for every bit position. */
#define SBOX(p3, p2, p1, p0, cc)                                                                                       \
    do {                                                                                                               \
        uint64_t x0 = p0, x1 = p1, x2 = p2, x3 = p3, c = cc;                                                           \
        uint64_t t0 = x0 & x1, t1 = x0 & x2, t2 = x1 & x2, t3 = x0 & x3, t4 = x1 & x3, t5 = x2 & x3;                   \
        uint64_t t6 = x0 & c, t7 = x1 & c, t8 = x2 & c, t9 = x3 & c;                                                   \
        uint64_t t10 = t0 & x2, t11 = t0 & x3, t12 = t1 & x3, t13 = t2 & x3;                                           \
        uint64_t t14 = t0 & c, t15 = t1 & c, t16 = t2 & c, t17 = t4 & c, t18 = t10 & c, t19 = t11 & c, t20 = t13 & c;  \
        uint64_t t21 = t13 ^ x1, t22 = t4 ^ t6, t23 = t21 ^ x0, t24 = t15 ^ t18, t25 = t11 ^ t23, t26 = t10 ^ t25;     \
        uint64_t t27 = t0 ^ t22;                                                                                       \
        p0 = ~(t12 ^ t2 ^ t24 ^ t26);                                                                                  \
        p1 = c ^ t10 ^ t13 ^ t14 ^ t16 ^ t2 ^ t27 ^ t3 ^ t5 ^ t8;                                                      \
        p2 = t17 ^ t19 ^ t20 ^ t21 ^ t24 ^ t27 ^ t9 ^ x2;                                                              \
        p3 = ~(c ^ t1 ^ t26 ^ t4 ^ t7 ^ x3);                                                                           \
    } while (0)

HB_INLINE uint64_t swap_bits(uint64_t x, uint64_t mask, unsigned n) { return ((x & mask) << n) | ((x >> n) & mask); }

/* One round: S-boxes, L, then the swap of 2^k positions in the odd words. */
HB_INLINE void round_r(jh_state *s, const uint64_t *rc, int k) {
    for (int h = 0; h < 2; h++) {
        uint64_t a0 = s->x[0][h], a1 = s->x[1][h], a2 = s->x[2][h], a3 = s->x[3][h];
        uint64_t a4 = s->x[4][h], a5 = s->x[5][h], a6 = s->x[6][h], a7 = s->x[7][h];
        SBOX(a0, a2, a4, a6, rc[h]);
        SBOX(a1, a3, a5, a7, rc[2 + h]);
        /* L: D = B ^ 2A (odd words), then C = A ^ 2D (even words) */
        a1 ^= a2;
        a3 ^= a4;
        a5 ^= a6 ^ a0;
        a7 ^= a0;
        a0 ^= a3;
        a2 ^= a5;
        a4 ^= a7 ^ a1;
        a6 ^= a1;
        s->x[0][h] = a0, s->x[1][h] = a1, s->x[2][h] = a2, s->x[3][h] = a3;
        s->x[4][h] = a4, s->x[5][h] = a5, s->x[6][h] = a6, s->x[7][h] = a7;
    }
    for (int j = 1; j < 8; j += 2) {
        uint64_t *w = s->x[j];
        switch (k) {
        case 0: w[0] = swap_bits(w[0], 0x5555555555555555u, 1), w[1] = swap_bits(w[1], 0x5555555555555555u, 1); break;
        case 1: w[0] = swap_bits(w[0], 0x3333333333333333u, 2), w[1] = swap_bits(w[1], 0x3333333333333333u, 2); break;
        case 2: w[0] = swap_bits(w[0], 0x0F0F0F0F0F0F0F0Fu, 4), w[1] = swap_bits(w[1], 0x0F0F0F0F0F0F0F0Fu, 4); break;
        case 3: w[0] = swap_bits(w[0], 0x00FF00FF00FF00FFu, 8), w[1] = swap_bits(w[1], 0x00FF00FF00FF00FFu, 8); break;
        case 4: w[0] = swap_bits(w[0], 0x0000FFFF0000FFFFu, 16), w[1] = swap_bits(w[1], 0x0000FFFF0000FFFFu, 16); break;
        case 5: w[0] = hb_rotl64(w[0], 32), w[1] = hb_rotl64(w[1], 32); break;
        default: {
            uint64_t t = w[0];
            w[0] = w[1];
            w[1] = t;
        }
        }
    }
}

/* E8: 42 rounds, or 35 and the S-box layer of round 35. */
HB_INLINE void e8(jh_state *s, int round3) {
    int full = round3 ? 42 : 35;
    for (int r = 0; r < full; r += 7)
        for (int k = 0; k < 7; k++) round_r(s, RC[r + k], k);
    if (!round3)
        for (int h = 0; h < 2; h++) {
            SBOX(s->x[0][h], s->x[2][h], s->x[4][h], s->x[6][h], RC[35][h]);
            SBOX(s->x[1][h], s->x[3][h], s->x[5][h], s->x[7][h], RC[35][2 + h]);
        }
}

/* F8: E8(H ^ M||0) ^ 0||M */
HB_INLINE void compress(jh_state *s, const uint8_t *block, int round3) {
    uint64_t m[8];
    for (int i = 0; i < 8; i++) m[i] = hb_le64(block + 8 * i);
    for (int i = 0; i < 8; i++) s->x[i >> 1][i & 1] ^= m[i];
    e8(s, round3);
    for (int i = 0; i < 8; i++) s->x[4 + (i >> 1)][i & 1] ^= m[i];
}

static jh_state IV2, IV3;

void hb_jh_init(void) {
    static const uint8_t zero[64];
    memset(&IV2, 0, sizeof IV2);
    IV2.x[0][0] = 0x01; /* H(-1): the digest size, 256, in its first two bytes, big-endian */
    IV3 = IV2;
    compress(&IV2, zero, 0);
    compress(&IV3, zero, 1);
}

/* Padding: a 1 bit, zeros, the 128-bit big-endian bit length; always at least one block of
 * padding: a whole block after a message of whole blocks, two blocks after any other. */
HB_INLINE void jh256(const uint8_t *data, size_t length, uint8_t *digest, int round3) {
    jh_state s = round3 ? IV3 : IV2;
    uint64_t bits = 8 * (uint64_t)length;
    while (length >= 64) {
        compress(&s, data, round3);
        data += 64;
        length -= 64;
    }
    uint8_t block[128] = {0};
    memcpy(block, data, length);
    block[length] = 0x80;
    size_t end = length ? 128 : 64;
    hb_put_be64(block + end - 8, bits);
    compress(&s, block, round3);
    if (end == 128) compress(&s, block + 64, round3);
    for (int i = 0; i < 4; i++) hb_put_le64(digest + 8 * i, s.x[6 + (i >> 1)][i & 1]);
}

void hb_jh256_round2(const uint8_t *data, size_t length, uint8_t *digest) { jh256(data, length, digest, 0); }
void hb_jh256_round3(const uint8_t *data, size_t length, uint8_t *digest) { jh256(data, length, digest, 1); }
