// hashbed block-pipeline harness: drives a pipelined compression core (docs/pipelined.md).
//
// Built by Verilator with the core (model class Vpipe). It reads an issue file (blocks
// and bubbles in the order the host scheduler issues them), offers them on the in_*
// ports with random gaps, takes digests from the out_* ports with random back-pressure,
// and writes one line per accepted issue ("I <cycle>") and per digest
// ("D <cycle> <tag> <hex digest>") to the result file. Protocol violations and a core
// that stops making progress end the run with one line on stderr starting "ERROR:" and
// exit status 2.
//
// Issue file: "HBPI", u32 issue count, then per issue u8 flags (1 first, 2 last,
// 4 bubble), u8 tag, 64 block bytes.
// Usage: harness ISSUES RESULT SEED IN_STALL OUT_STALL IDLE_LIMIT
//   IN_STALL / OUT_STALL: probability (0 up to but not including 1) of no issue offered or
//   of back-pressure in a cycle; IDLE_LIMIT: cycles without progress (1 to 10^8).

#include "Vpipe.h"
#include "verilated.h"

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace {

struct Issue {
    uint8_t flags;
    uint8_t tag;
    uint8_t block[64];
};

[[noreturn]] void fail(const char* fmt, unsigned long long a = 0, unsigned long long b = 0) {
    std::fprintf(stderr, "ERROR: ");
    std::fprintf(stderr, fmt, a, b);
    std::fprintf(stderr, "\n");
    std::exit(2);
}

std::vector<Issue> read_issues(const char* path) {
    FILE* f = std::fopen(path, "rb");
    if (!f) fail("cannot open the issue file");
    char magic[4];
    uint32_t count;
    if (std::fread(magic, 1, 4, f) != 4 || std::memcmp(magic, "HBPI", 4) != 0) fail("not an issue file");
    if (std::fread(&count, sizeof count, 1, f) != 1) fail("issue file is truncated");
    std::vector<Issue> issues(count);
    for (auto& issue : issues)
        if (std::fread(&issue, sizeof issue, 1, f) != 1) fail("issue file is truncated");
    std::fclose(f);
    return issues;
}

// xorshift64*: the same stall pattern for the same seed on every machine
struct Random {
    uint64_t state;
    double next() {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        return double((state * 2685821657736338717ULL) >> 11) / double(1ULL << 53);
    }
};

}  // namespace

int main(int argc, char** argv) {
    if (argc != 7) fail("usage: harness ISSUES RESULT SEED IN_STALL OUT_STALL IDLE_LIMIT");
    const std::vector<Issue> issues = read_issues(argv[1]);
    FILE* out = std::fopen(argv[2], "w");
    if (!out) fail("cannot open the result file");
    Random random{std::strtoull(argv[3], nullptr, 10) * 0x9E3779B97F4A7C15ULL + 1};
    const double in_stall = std::atof(argv[4]), out_stall = std::atof(argv[5]);
    const long long idle_arg = std::strtoll(argv[6], nullptr, 10);
    if (!(in_stall >= 0 && in_stall < 1 && out_stall >= 0 && out_stall < 1))
        fail("IN_STALL and OUT_STALL must be probabilities from 0 up to but not including 1");
    if (idle_arg < 1 || idle_arg > 100000000) fail("IDLE_LIMIT must be from 1 to 100000000");
    const uint64_t idle_limit = uint64_t(idle_arg);

    uint64_t expected = 0;
    for (const auto& issue : issues)
        if ((issue.flags & 2) && !(issue.flags & 4)) ++expected;

    const auto start = std::chrono::steady_clock::now();
    auto* context = new VerilatedContext;
    auto* core = new Vpipe{context};
    core->clk = 0;
    core->rst = 1;
    core->in_valid = 0;
    core->out_ready = 0;
    for (int i = 0; i < 4; ++i) {
        core->clk = !core->clk;
        core->eval();
        if (context->gotFinish()) fail("the core called $finish");
    }
    core->rst = 0;

    size_t next = 0;
    uint64_t digests = 0, cycle = 0, last_progress = 0;
    bool held = false;  // a digest was offered and not taken in the previous cycle
    uint32_t held_digest[8] = {};
    uint8_t held_tag = 0;
    while (digests < expected || next < issues.size()) {
        // Inputs for this cycle, set while the clock is low
        const bool offer = next < issues.size() && random.next() >= in_stall;
        core->in_valid = offer;
        if (offer) {
            const Issue& issue = issues[next];
            for (int word = 0; word < 16; ++word) {
                const uint8_t* b = issue.block + 4 * word;
                core->in_block[15 - word] = (uint32_t(b[0]) << 24) | (uint32_t(b[1]) << 16) | (uint32_t(b[2]) << 8) | b[3];
            }
            core->in_first = issue.flags & 1;
            core->in_last = (issue.flags >> 1) & 1;
            core->in_bubble = (issue.flags >> 2) & 1;
            core->in_tag = issue.tag;
        } else {
            for (int word = 0; word < 16; ++word) core->in_block[word] = uint32_t(random.next() * 4294967296.0);
        }
        core->out_ready = random.next() >= out_stall;
        core->eval();

        if (core->out_valid) {
            if (held && (std::memcmp(held_digest, core->out_digest.data(), sizeof held_digest) != 0 || held_tag != core->out_tag))
                fail("cycle %llu: out_digest or out_tag changed while out_valid waited for out_ready", cycle);
            std::memcpy(held_digest, core->out_digest.data(), sizeof held_digest);
            held_tag = core->out_tag;
        }
        const bool issued = offer && core->in_ready;
        const bool taken = core->out_valid && core->out_ready;
        held = core->out_valid && !core->out_ready;
        if (issued) {
            std::fprintf(out, "I %llu\n", (unsigned long long)cycle);
            ++next;
            last_progress = cycle;
        }
        if (taken) {
            if (++digests > expected) fail("cycle %llu: more digests than messages (%llu)", cycle, expected);
            std::fprintf(out, "D %llu %u ", (unsigned long long)cycle, unsigned(core->out_tag));
            for (int word = 7; word >= 0; --word) std::fprintf(out, "%08x", core->out_digest[word]);
            std::fprintf(out, "\n");
            last_progress = cycle;
        }
        if (cycle - last_progress > idle_limit)
            fail("no issue taken and no digest given for %llu cycles (at cycle %llu)", idle_limit, cycle);

        core->clk = 1;
        core->eval();
        core->clk = 0;
        core->eval();
        if (context->gotFinish()) fail("cycle %llu: the core called $finish", cycle);
        ++cycle;
    }
    std::fclose(out);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("{\"cycles\": %llu, \"seconds\": %.6f}\n", (unsigned long long)cycle, seconds);
    core->final();
    delete core;
    delete context;
    return 0;
}
