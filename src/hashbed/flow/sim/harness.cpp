// hashbed simulation harness: drives one core through the hash core interface.
//
// Built by Verilator together with the core (model class Vcore). It reads a stream
// file of messages (input words and the number of digest words each one returns),
// feeds the words through the source side with random stalls, collects the digest
// words from the destination side with random stalls, and writes a result file with
// the output words and four cycle stamps per message. Protocol violations, a core
// that stops making progress and a core that writes too much end the run with one
// line on stderr starting "ERROR:" and exit status 2.
//
// Stream file (little endian): "HBIN", u32 message count, then per message
//   u32 input word count, u32 output word count, input words as u64.
// Result file: per message u64 cycle of the first word read, of the last word read,
//   of the first word written, of the last word written, then the output words as u64.
// Usage: harness STREAM RESULT SEED SRC_STALL DST_STALL ISOLATE IDLE_LIMIT
//   SRC_STALL / DST_STALL: probability (0 up to but not including 1) that the side is not
//   ready in a cycle; ISOLATE=1: the next message is offered only after the previous digest
//   is complete; IDLE_LIMIT: cycles without any transfer before the core is declared stuck
//   (1 to 10^8).

#include "Vcore.h"
#include "verilated.h"

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace {

struct Message {
    std::vector<uint64_t> in;
    uint32_t out_words;
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

std::vector<Message> read_stream(const char* path) {
    FILE* f = std::fopen(path, "rb");
    if (!f) fail("cannot open the stream file");
    char magic[4];
    if (std::fread(magic, 1, 4, f) != 4 || std::memcmp(magic, "HBIN", 4) != 0) fail("not a stream file");
    std::vector<Message> messages(read_u32(f));
    for (auto& m : messages) {
        m.in.resize(read_u32(f));
        m.out_words = read_u32(f);
        if (std::fread(m.in.data(), sizeof(uint64_t), m.in.size(), f) != m.in.size()) fail("stream file is truncated");
    }
    std::fclose(f);
    return messages;
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
    std::vector<Message> messages = read_stream(argv[1]);
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
    core.src_ready = 0;
    core.dst_ready = 0;
    core.din = 0;
    core.eval();
    check_finish();
    for (int i = 0; i < 4; ++i) tick();
    core.rst = 0;

    const size_t n = messages.size();
    std::vector<uint64_t> stamps(4 * n, 0);
    std::vector<std::vector<uint64_t>> outputs(n);
    size_t in_msg = 0, in_word = 0;   // next word to offer
    size_t out_msg = 0;               // message whose digest is being collected
    uint64_t cycle = 0, idle = 0;

    while (out_msg < n) {
        // Skip messages without input words (never produced by hashbed, but harmless).
        while (in_msg < n && in_word == messages[in_msg].in.size()) { ++in_msg; in_word = 0; }
        const bool offer = in_msg < n && (!isolate || in_msg == out_msg);
        const bool src_ready = offer && rng.uniform() >= src_stall;
        const bool dst_ready = rng.uniform() >= dst_stall;
        core.src_ready = src_ready;
        core.din = src_ready ? messages[in_msg].in[in_word] : rng.next();  // garbage while not ready
        core.dst_ready = dst_ready;
        core.eval();

        bool progress = false;
        if (core.src_read) {
            if (!src_ready)
                fail("protocol: src_read asserted while src_ready is low (cycle %llu)", cycle);
            if (in_word == 0) stamps[4 * in_msg] = cycle;
            if (++in_word == messages[in_msg].in.size()) stamps[4 * in_msg + 1] = cycle;
            progress = true;
        }
        if (core.dst_write) {
            if (!dst_ready)
                fail("protocol: dst_write asserted while dst_ready is low (cycle %llu)", cycle);
            auto& out = outputs[out_msg];
            if (out.empty()) stamps[4 * out_msg + 2] = cycle;
            out.push_back(uint64_t(core.dout));
            if (out.size() == messages[out_msg].out_words) {
                stamps[4 * out_msg + 3] = cycle;
                ++out_msg;
            }
            progress = true;
        }
        idle = progress ? 0 : idle + 1;
        if (idle > idle_limit)
            fail("no word read or written for %llu cycles: message %llu of %llu, %llu digest words written; "
                 "the core never answered (raise the idle limit only if it is still computing)",
                 idle_limit, out_msg, n, outputs[out_msg].size());
        tick();
        ++cycle;
    }

    // The core must stay quiet once every digest is out.
    core.src_ready = 0;
    core.dst_ready = 1;
    for (int i = 0; i < 256; ++i) {
        core.eval();
        if (core.dst_write) fail("the core wrote a word after the last digest was complete (cycle %llu)", cycle);
        if (core.src_read) fail("protocol: src_read asserted while src_ready is low (cycle %llu)", cycle);
        tick();
        ++cycle;
    }

    FILE* f = std::fopen(argv[2], "wb");
    if (!f) fail("cannot write the result file");
    for (size_t m = 0; m < n; ++m) {
        std::fwrite(&stamps[4 * m], sizeof(uint64_t), 4, f);
        std::fwrite(outputs[m].data(), sizeof(uint64_t), outputs[m].size(), f);
    }
    std::fclose(f);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    std::printf("{\"cycles\": %llu, \"seconds\": %.6f}\n", (unsigned long long)cycle, seconds);
    core.final();
    return 0;
}
