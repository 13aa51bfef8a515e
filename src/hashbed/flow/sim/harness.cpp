// hashbed simulation harness: drives one core through its interface (docs/interface.md).
//
// Built by Verilator together with the core (model class Vcore): a core of the hash interface
// (din/src_ready/src_read in, dout/dst_ready/dst_write out), or, compiled with -DHASHBED_LWC, of
// the LWC interface (pdi in, sdi in, do out with do_last). It reads a stream file of cases (input
// words: a message, or an operation's pdi words; an LWC core's sdi words; output words), offers
// the input and sdi words with random stalls on each port, collects the output words with random
// stalls until a case's answer is complete (a hash core: its output words; an LWC core: the word
// written with do_last, the status), and writes a result file with the output words and four
// cycle stamps per case. Protocol violations, a core that stops making progress and a core that
// writes too much end the run with one line on stderr starting "ERROR:" and exit status 2.
//
// Stream file (little endian): "HBIN", u32 bus width W in bits (of the input and output ports, and
//   sdi: the core's), u32 case count, then per case u32 input word count, u32 sdi word count (0 for
//   a hash core), u32 output word count (an LWC core: the most it may write), input words as u64,
//   sdi words as u64 (each < 2^W).
// Result file: per case u64 cycle of the first input word read, of the last input word read, of
//   the first output word written, of the last output word written, u32 output word count, the
//   output words as u64.
// Usage: harness STREAM RESULT SEED SRC_STALL DST_STALL ISOLATE IDLE_LIMIT
//   SRC_STALL: probability (0 up to but not including 1) that the input, and independently sdi,
//   has no word to offer in a cycle; DST_STALL: that the output is not ready; ISOLATE=1: a case's
//   words are offered only after the previous case's answer is complete; IDLE_LIMIT: cycles
//   without any transfer before the core is declared stuck (1 to 10^8).

#include "Vcore.h"
#include "verilated.h"

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

// The ports of the interface, and their names in messages.
#ifdef HASHBED_LWC
#define IN_DATA pdi_data
#define IN_VALID pdi_valid
#define IN_READY pdi_ready
#define OUT_DATA do_data
#define OUT_READY do_ready
#define OUT_VALID do_valid
#define IN_VALID_NAME "pdi_valid"
#define IN_READY_NAME "pdi_ready"
#define OUT_READY_NAME "do_ready"
#define OUT_VALID_NAME "do_valid"
#define PORTS_NAME "pdi, sdi and do"
#define ANSWER_NAME "status"
#else
#define IN_DATA din
#define IN_VALID src_ready
#define IN_READY src_read
#define OUT_DATA dout
#define OUT_READY dst_ready
#define OUT_VALID dst_write
#define IN_VALID_NAME "src_ready"
#define IN_READY_NAME "src_read"
#define OUT_READY_NAME "dst_ready"
#define OUT_VALID_NAME "dst_write"
#define PORTS_NAME "din and dout"
#define ANSWER_NAME "digest"
#endif

namespace {

struct Case {
    std::vector<uint64_t> in;
    std::vector<uint64_t> sdi;
    uint32_t out_words;
};

// The width of the core's ports in bits, as Verilator gives them (8, 16, 32, 64: CData, SData,
// IData, QData).
constexpr unsigned IN_BITS = 8 * sizeof(Vcore::IN_DATA);
#ifdef HASHBED_LWC
static_assert(IN_BITS == 8 * sizeof(Vcore::sdi_data) && IN_BITS == 8 * sizeof(Vcore::do_data) && IN_BITS <= 32,
              "pdi_data, sdi_data and do_data must have one width of at most 32 bits");
#endif

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

bool fits(const std::vector<uint64_t>& words) {
    for (uint64_t w : words)
        if (IN_BITS < 64 && (w >> (IN_BITS % 64)) != 0) return false;
    return true;
}

// The cases of a stream file, and its width.
std::vector<Case> read_stream(const char* path, uint32_t& width) {
    FILE* f = std::fopen(path, "rb");
    if (!f) fail("cannot open the stream file");
    char magic[4];
    if (std::fread(magic, 1, 4, f) != 4 || std::memcmp(magic, "HBIN", 4) != 0) fail("not a stream file");
    width = read_u32(f);
    std::vector<Case> cases(read_u32(f));
    for (auto& c : cases) {
        c.in.resize(read_u32(f));
        c.sdi.resize(read_u32(f));
        c.out_words = read_u32(f);
        if (c.in.empty()) fail("a case has no input words");
        if (std::fread(c.in.data(), sizeof(uint64_t), c.in.size(), f) != c.in.size() ||
            std::fread(c.sdi.data(), sizeof(uint64_t), c.sdi.size(), f) != c.sdi.size())
            fail("stream file is truncated");
#ifndef HASHBED_LWC
        if (!c.sdi.empty()) fail("a case has sdi words, and the core no sdi port");
#endif
    }
    std::fclose(f);
    return cases;
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
    if (argc != 8) fail("usage: harness STREAM RESULT SEED SRC_STALL DST_STALL ISOLATE IDLE_LIMIT");
    uint32_t width = 0;
    std::vector<Case> cases = read_stream(argv[1], width);
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
    core.IN_VALID = 0;
    core.OUT_READY = 0;
    core.IN_DATA = 0;
#ifdef HASHBED_LWC
    core.sdi_valid = 0;
    core.sdi_data = 0;
#endif
    core.eval();
    check_finish();  // a parameter check fails here, before the stream is judged against the ports
    if (width != IN_BITS)
        fail("the stream has %llu-bit words, the core's " PORTS_NAME " are %llu bits wide (its manifest's bus_width)",
             width, IN_BITS);
    for (const auto& c : cases)
        if (!fits(c.in) || !fits(c.sdi)) fail("a stream word does not fit the %llu-bit bus", IN_BITS);
    for (int i = 0; i < 4; ++i) tick();
    core.rst = 0;

    const size_t n = cases.size();
    std::vector<uint64_t> stamps(4 * n, 0);
    std::vector<std::vector<uint64_t>> outputs(n);
    size_t in_case = 0, in_word = 0;    // next input word to offer
    size_t sdi_case = 0, sdi_word = 0;  // next sdi word to offer
    size_t out_case = 0;                // case whose answer is being collected
    uint64_t cycle = 0, idle = 0;

    auto skip_sdi = [&]() {
        while (sdi_case < n && sdi_word == cases[sdi_case].sdi.size()) { ++sdi_case; sdi_word = 0; }
    };

    while (out_case < n) {
        skip_sdi();
        const bool in_offer = in_case < n && (!isolate || in_case == out_case);
        const bool in_valid = in_offer && rng.uniform() >= src_stall;
#ifdef HASHBED_LWC
        // a case's key is offered once its pdi words are (the core asks for it after ACTKEY)
        const bool sdi_offer = sdi_case < n && sdi_case <= in_case && (!isolate || sdi_case == out_case);
        const bool sdi_valid = sdi_offer && rng.uniform() >= src_stall;
#endif
        const bool out_ready = rng.uniform() >= dst_stall;
        core.IN_VALID = in_valid;
        core.IN_DATA = in_valid ? cases[in_case].in[in_word] : rng.next();  // garbage while not valid
#ifdef HASHBED_LWC
        core.sdi_valid = sdi_valid;
        core.sdi_data = sdi_valid ? cases[sdi_case].sdi[sdi_word] : rng.next();
#endif
        core.OUT_READY = out_ready;
        core.eval();

        bool progress = false;
        if (core.IN_READY) {
            if (!in_valid) fail("protocol: " IN_READY_NAME " asserted while " IN_VALID_NAME " is low (cycle %llu)", cycle);
            if (in_word == 0) stamps[4 * in_case] = cycle;
            if (++in_word == cases[in_case].in.size()) {
                stamps[4 * in_case + 1] = cycle;
                ++in_case;
                in_word = 0;
            }
            progress = true;
        }
#ifdef HASHBED_LWC
        if (core.sdi_ready) {
            if (!sdi_valid) fail("protocol: sdi_ready asserted while sdi_valid is low (cycle %llu)", cycle);
            ++sdi_word;
            progress = true;
        }
#endif
        if (core.OUT_VALID) {
            if (!out_ready) fail("protocol: " OUT_VALID_NAME " asserted while " OUT_READY_NAME " is low (cycle %llu)", cycle);
            auto& out = outputs[out_case];
            if (out.empty()) stamps[4 * out_case + 2] = cycle;
            out.push_back(uint64_t(core.OUT_DATA));
#ifdef HASHBED_LWC
            const bool complete = core.do_last;
            if (!complete && out.size() >= cases[out_case].out_words)
                fail("operation %llu: the core wrote %llu words without the last (do_last) one; at most %llu were expected",
                     out_case, out.size(), cases[out_case].out_words);
#else
            const bool complete = out.size() == cases[out_case].out_words;
#endif
            if (complete) {
                stamps[4 * out_case + 3] = cycle;
                ++out_case;
            }
            progress = true;
        }
        idle = progress ? 0 : idle + 1;
        if (idle > idle_limit)
            fail("no word read or written for %llu cycles: case %llu of %llu, %llu output words written; "
                 "the core never answered (raise the idle limit only if it is still computing)",
                 idle_limit, out_case, n, outputs[out_case].size());
        tick();
        ++cycle;
    }

    // The core must stay quiet once every answer is out.
    core.IN_VALID = 0;
    core.OUT_READY = 1;
#ifdef HASHBED_LWC
    core.sdi_valid = 0;
#endif
    for (int i = 0; i < 256; ++i) {
        core.eval();
        if (core.OUT_VALID) fail("the core wrote a word after the last " ANSWER_NAME " was complete (cycle %llu)", cycle);
        if (core.IN_READY) fail("protocol: " IN_READY_NAME " asserted while " IN_VALID_NAME " is low (cycle %llu)", cycle);
#ifdef HASHBED_LWC
        if (core.sdi_ready) fail("protocol: sdi_ready asserted while sdi_valid is low (cycle %llu)", cycle);
#endif
        tick();
        ++cycle;
    }
    skip_sdi();
    if (sdi_case < n) fail("the core did not read every sdi word: operation %llu, word %llu", sdi_case, sdi_word);

    FILE* f = std::fopen(argv[2], "wb");
    if (!f) fail("cannot write the result file");
    for (size_t m = 0; m < n; ++m) {
        const uint32_t count = uint32_t(outputs[m].size());
        std::fwrite(&stamps[4 * m], sizeof(uint64_t), 4, f);
        std::fwrite(&count, sizeof count, 1, f);
        std::fwrite(outputs[m].data(), sizeof(uint64_t), outputs[m].size(), f);
    }
    std::fclose(f);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    std::printf("{\"cycles\": %llu, \"seconds\": %.6f}\n", (unsigned long long)cycle, seconds);
    core.final();
    return 0;
}
