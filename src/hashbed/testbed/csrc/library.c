/* The library's set-up: the AES tables, then every algorithm's own, before the first hash. */
#include "hashbed_sw.h"

static int ready;

/* Fill every computed table; call once before hashing (further calls do nothing). */
void hb_init(void) {
    if (ready) return;
    hb_aes_init();
    hb_set_aes(1);
    hb_groestl_init();
    hb_fugue_init();
    hb_hamsi_init();
    hb_cubehash_init();
    hb_jh_init();
    hb_shabal_init();
    hb_skein_init();
    ready = 1;
}
