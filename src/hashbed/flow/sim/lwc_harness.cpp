// hashbed LWC simulation harness: drives one core through the LWC interface (docs/interface.md).
//
// Built by Verilator together with the core (model class Vcore). It reads a stream file of
// operations (pdi words, sdi words, the most do words each may answer), offers the pdi and sdi
// words with random stalls on each port, collects do words with random stalls until the word
// written with do_last (the status), and writes a result file with the do words and four cycle
// stamps per operation. Protocol violations, a core that stops making progress and a core that
// writes too much end the run with one line on stderr starting "ERROR:" and exit status 2.
//
// Stream file (little endian): "HLWC", u32 bus width W in bits (8, 16 or 32: the width of pdi,
//   sdi and do, which must be the core's), u32 operation count, then per operation u32 pdi word
//   count, u32 sdi word count, u32 most do words, pdi words as u32, sdi words as u32 (each < 2^W).
// Result file: per operation u64 cycle of the first pdi word read, of the last pdi word read, of
//   the first do word written, of the last (status) word written, u32 do word count, the words as u32.
// Usage: lwc_harness STREAM RESULT SEED SRC_STALL DST_STALL ISOLATE IDLE_LIMIT
//   SRC_STALL: probability (0 up to but not including 1) that pdi, and independently sdi, has no
//   word to offer in a cycle; DST_STALL: that do is not ready; ISOLATE=1: an operation's words are
//   offered only after the previous one's status is written; IDLE_LIMIT: cycles without any
//   transfer before the core is declared stuck (1 to 10^8).

#include "Vcore.h"
#include "verilated.h"

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace {

struct Operation {
    std::vector<uint32_t> pdi;
    std::vector<uint32_t> sdi;
    uint32_t max_out;
};

[[noreturn]] void fail(const char* fmt, unsigned long long a = 0, unsigned long long b = 0,
                       unsigned long long c = 0, unsigned long long d = 0) {
    std::fprintf(stderr, "ERROR: ");
    std::fprintf(stderr, fmt, a, b, c, d);
    std::fprintf(stderr, "\n");
    std::exit(2);
}

uint32_t read_u32(FILE* f) {
    uint32_t v;
    if (std::fread(&v, sizeof v, 1, f) != 1) fail("stream file is truncated");
    return v;
}

// The width of the core's ports in bits, as Verilator gives them (8, 16, 32: CData, SData, IData).
constexpr unsigned PDI_BITS = 8 * sizeof(Vcore::pdi_data);
constexpr unsigned SDI_BITS = 8 * sizeof(Vcore::sdi_data);
constexpr unsigned DO_BITS = 8 * sizeof(Vcore::do_data);
static_assert(PDI_BITS == SDI_BITS && SDI_BITS == DO_BITS && PDI_BITS <= 32,
              "pdi_data, sdi_data and do_data must have one width of at most 32 bits");

bool fits(const std::vector<uint32_t>& words) {
    for (uint32_t w : words)
        if (PDI_BITS < 32 && (w >> PDI_BITS) != 0) return false;
    return true;
}

std::vector<Operation> read_stream(const char* path) {
    FILE* f = std::fopen(path, "rb");
    if (!f) fail("cannot open the stream file");
    char magic[4];
    if (std::fread(magic, 1, 4, f) != 4 || std::memcmp(magic, "HLWC", 4) != 0) fail("not an LWC stream file");
    const uint32_t width = read_u32(f);
    if (width != PDI_BITS)
        fail("the stream has %llu-bit words, the core's pdi, sdi and do are %llu bits wide (its manifest's bus_width)",
             width, PDI_BITS);
    std::vector<Operation> ops(read_u32(f));
    for (auto& op : ops) {
        op.pdi.resize(read_u32(f));
        op.sdi.resize(read_u32(f));
        op.max_out = read_u32(f);
        if (op.pdi.empty()) fail("an operation has no pdi words");
        if (std::fread(op.pdi.data(), sizeof(uint32_t), op.pdi.size(), f) != op.pdi.size() ||
            std::fread(op.sdi.data(), sizeof(uint32_t), op.sdi.size(), f) != op.sdi.size())
            fail("stream file is truncated");
        if (!fits(op.pdi) || !fits(op.sdi)) fail("a stream word does not fit the %llu-bit bus", PDI_BITS);
    }
    std::fclose(f);
    return ops;
}

// xorshift64*: a fast, seeded source of stall decisions
struct Rng {
    uint64_t s;
    explicit Rng(uint64_t seed) : s(seed * 0x9E3779B97F4A7C15ull + 1) {}
    uint64_t next() {
        s ^= s >> 12; s ^= s << 25; s ^= s >> 27;
        return s * 0x2545F4914F6CDD1Dull;
    }
    double uniform() { return double(next() >> 11) * (1.0 / 9007199254740992.0); }
};

}  // namespace

int main(int argc, char** argv) {
    if (argc != 8) fail("usage: lwc_harness STREAM RESULT SEED SRC_STALL DST_STALL ISOLATE IDLE_LIMIT");
    std::vector<Operation> ops = read_stream(argv[1]);
    Rng rng(std::strtoull(argv[3], nullptr, 10));
    const double src_stall = std::atof(argv[4]);
    const double dst_stall = std::atof(argv[5]);
    const bool isolate = std::atoi(argv[6]) != 0;
    const long long idle_arg = std::strtoll(argv[7], nullptr, 10);
    if (!(src_stall >= 0 && src_stall < 1 && dst_stall >= 0 && dst_stall < 1))
        fail("SRC_STALL and DST_STALL must be probabilities from 0 up to but not including 1");
    if (idle_arg < 1 || idle_arg > 100000000) fail("IDLE_LIMIT must be from 1 to 100000000");
    const uint64_t idle_limit = uint64_t(idle_arg);

    VerilatedContext context;
    context.fatalOnError(false);
    Vcore core(&context);
    const auto started = std::chrono::steady_clock::now();

    auto check_finish = [&]() {
        if (context.gotFinish()) fail("the core called $finish");
    };
    auto tick = [&]() {
        core.clk = 1;
        core.eval();
        core.clk = 0;
        core.eval();
        check_finish();
    };

    core.clk = 0;
    core.rst = 1;
    core.pdi_valid = 0;
    core.sdi_valid = 0;
    core.do_ready = 0;
    core.pdi_data = 0;
    core.sdi_data = 0;
    core.eval();
    check_finish();
    for (int i = 0; i < 4; ++i) tick();
    core.rst = 0;

    const size_t n = ops.size();
    std::vector<uint64_t> stamps(4 * n, 0);
    std::vector<std::vector<uint32_t>> outputs(n);
    size_t pdi_op = 0, pdi_word = 0;  // next pdi word to offer
    size_t sdi_op = 0, sdi_word = 0;  // next sdi word to offer
    size_t out_op = 0;                // operation whose answer is being collected
    uint64_t cycle = 0, idle = 0;

    while (out_op < n) {
        while (sdi_op < n && sdi_word == ops[sdi_op].sdi.size()) { ++sdi_op; sdi_word = 0; }
        const bool pdi_offer = pdi_op < n && (!isolate || pdi_op == out_op);
        // an operation's key is offered once its pdi words are (the core asks for it after ACTKEY)
        const bool sdi_offer = sdi_op < n && sdi_op <= pdi_op && (!isolate || sdi_op == out_op);
        const bool pdi_valid = pdi_offer && rng.uniform() >= src_stall;
        const bool sdi_valid = sdi_offer && rng.uniform() >= src_stall;
        const bool do_ready = rng.uniform() >= dst_stall;
        core.pdi_valid = pdi_valid;
        core.pdi_data = pdi_valid ? ops[pdi_op].pdi[pdi_word] : uint32_t(rng.next());  // garbage while not valid
        core.sdi_valid = sdi_valid;
        core.sdi_data = sdi_valid ? ops[sdi_op].sdi[sdi_word] : uint32_t(rng.next());
        core.do_ready = do_ready;
        core.eval();

        bool progress = false;
        if (core.pdi_ready) {
            if (!pdi_valid) fail("protocol: pdi_ready asserted while pdi_valid is low (cycle %llu)", cycle);
            if (pdi_word == 0) stamps[4 * pdi_op] = cycle;
            if (++pdi_word == ops[pdi_op].pdi.size()) {
                stamps[4 * pdi_op + 1] = cycle;
                ++pdi_op;
                pdi_word = 0;
            }
            progress = true;
        }
        if (core.sdi_ready) {
            if (!sdi_valid) fail("protocol: sdi_ready asserted while sdi_valid is low (cycle %llu)", cycle);
            ++sdi_word;
            progress = true;
        }
        if (core.do_valid) {
            if (!do_ready) fail("protocol: do_valid asserted while do_ready is low (cycle %llu)", cycle);
            auto& out = outputs[out_op];
            if (out.empty()) stamps[4 * out_op + 2] = cycle;
            out.push_back(uint32_t(core.do_data));
            if (core.do_last) {
                stamps[4 * out_op + 3] = cycle;
                ++out_op;
            } else if (out.size() >= ops[out_op].max_out) {
                fail("operation %llu: the core wrote %llu words without the last (do_last) one; at most %llu were expected",
                     out_op, out.size(), ops[out_op].max_out);
            }
            progress = true;
        }
        idle = progress ? 0 : idle + 1;
        if (idle > idle_limit)
            fail("no word read or written for %llu cycles: operation %llu of %llu, %llu do words written; "
                 "the core never answered (raise the idle limit only if it is still computing)",
                 idle_limit, out_op, n, outputs[out_op].size());
        tick();
        ++cycle;
    }

    // The core must stay quiet once every answer is out.
    core.pdi_valid = 0;
    core.sdi_valid = 0;
    core.do_ready = 1;
    for (int i = 0; i < 256; ++i) {
        core.eval();
        if (core.do_valid) fail("the core wrote a word after the last status was complete (cycle %llu)", cycle);
        if (core.pdi_ready) fail("protocol: pdi_ready asserted while pdi_valid is low (cycle %llu)", cycle);
        if (core.sdi_ready) fail("protocol: sdi_ready asserted while sdi_valid is low (cycle %llu)", cycle);
        tick();
        ++cycle;
    }
    while (sdi_op < n && sdi_word == ops[sdi_op].sdi.size()) { ++sdi_op; sdi_word = 0; }
    if (sdi_op < n) fail("the core did not read every sdi word: operation %llu, word %llu", sdi_op, sdi_word);

    FILE* f = std::fopen(argv[2], "wb");
    if (!f) fail("cannot write the result file");
    for (size_t m = 0; m < n; ++m) {
        const uint32_t count = uint32_t(outputs[m].size());
        std::fwrite(&stamps[4 * m], sizeof(uint64_t), 4, f);
        std::fwrite(&count, sizeof count, 1, f);
        std::fwrite(outputs[m].data(), sizeof(uint32_t), outputs[m].size(), f);
    }
    std::fclose(f);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    std::printf("{\"cycles\": %llu, \"seconds\": %.6f}\n", (unsigned long long)cycle, seconds);
    core.final();
    return 0;
}
