// hashbed simulated board: the testbed RTL (sim_board_top) driven like the Zynq's
// processing system would drive it.
//
// Built by Verilator with sim_board_top (model class Vboard). Two clocks run at
// periods set in femtoseconds; every edge of either is simulated in time order. In
// the system clock there are the processor's AXI4-Lite master, a DMA engine whose
// MM2S channel feeds the input stream (64-bit beats, with optional random gaps and
// a burst limit) and whose S2MM channel takes the output stream until TLAST (with
// optional random pauses), and the reset. AXI-Stream and AXI-Lite rules are checked
// on every cycle.
//
// Commands come one per line on stdin, each answered by one JSON line on stdout:
//   clock CORE_FS SYS_FS             set the clock periods (femtoseconds, 2 to 10^12, at
//                                    most MAX_CLOCK_RATIO times one another)
//   dma_model GAP BURST BURST_GAP PAUSE LATENCY SEED IDLE_LIMIT
//                                    MM2S: gap probability per beat, beats per burst
//                                    (0: unlimited) and idle cycles between bursts;
//                                    S2MM: pause probability per cycle; cycles the
//                                    processor takes to start a transfer and to see
//                                    it finished; RNG seed; cycles without a beat
//                                    before the run is declared stuck (probabilities
//                                    below 1, the burst gap and latency below the limit)
//   reset CYCLES                     hold reset for CYCLES (1 to 1000) cycles of each clock
//   write ADDR VALUE                 AXI4-Lite write -> {"resp", "cycle"}
//   read ADDR                        AXI4-Lite read  -> {"resp", "value", "cycle"}
//   dma SEND RECV MAX_BYTES ABORT    send file SEND by MM2S while S2MM receives into
//                                    file RECV (at most MAX_BYTES) until TLAST; with
//                                    ABORT > 0 stop after ABORT beats are sent, without
//                                    waiting for output
//   idle CYCLES                      let CYCLES system clock cycles pass
//   quit
// "cycle" values count system clock cycles since start. A command that fails
// answers {"error": "..."}; after a protocol error the process exits. A command whose
// values are out of range is refused, so that no loop here waits without a bound.

#include "Vboard.h"
#include "verilated.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace {

// The slower clock's period is at most this many times the faster one's.
constexpr uint64_t MAX_CLOCK_RATIO = 10000;
// Clock edges in one system clock cycle: at most two per core cycle and the system clock's own.
constexpr uint64_t MAX_EDGES = 4 * (MAX_CLOCK_RATIO + 2);
constexpr long long MAX_PERIOD_FS = 1000000000000;  // 1 kHz
// The most cycles a command may wait: idle limit, latency, burst gap, idle cycles.
constexpr long long MAX_WAIT = 100000000;

// The next field of a command: a whole number from low to high.
long long field(std::istringstream& in, long long low, long long high, const char* what) {
    long long value;
    if (!(in >> value) || value < low || value > high)
        throw std::runtime_error(std::string(what) + " must be a whole number from " + std::to_string(low) + " to " +
                                 std::to_string(high));
    return value;
}

// The next field of a command: a probability per cycle, from 0 up to but not including 1.
double probability(std::istringstream& in, const char* what) {
    double value;
    if (!(in >> value) || !(value >= 0 && value < 1))
        throw std::runtime_error(std::string(what) + " must be a probability from 0 up to but not including 1");
    return value;
}

struct Rng {  // xorshift64*
    uint64_t s = 1;
    void seed(uint64_t v) { s = v * 0x9E3779B97F4A7C15ull + 1; }
    uint64_t next() {
        s ^= s >> 12; s ^= s << 25; s ^= s >> 27;
        return s * 0x2545F4914F6CDD1Dull;
    }
    double uniform() { return double(next() >> 11) * (1.0 / 9007199254740992.0); }
};

struct Clock {
    uint64_t period = 10000000;  // fs
    uint64_t next = 0;        // time of the next edge
    bool level = false;
    uint64_t half() const { return level ? period / 2 : period - period / 2; }
};

[[noreturn]] void fatal(const std::string& message) {
    std::printf("{\"error\": \"%s\", \"fatal\": 1}\n", message.c_str());
    std::fflush(stdout);
    std::exit(2);
}

struct Board {
    VerilatedContext context;
    Vboard top{&context};
    Clock core_clk, sys_clk;
    uint64_t cycle = 0, core_cycles = 0;
    Rng rng;

    // MM2S (input stream)
    std::vector<uint8_t> send;
    size_t send_beats = 0, sent = 0;
    uint64_t backpressure = 0;  // cycles with a beat on offer that the input FIFO did not take
    bool mm2s_active = false;
    double gap_prob = 0;
    uint64_t burst = 0, burst_gap = 0, in_burst = 0, gap_left = 0, latency = 0;
    // S2MM (output stream)
    std::vector<uint8_t> recv;
    size_t recv_max = 0;
    bool s2mm_active = false, s2mm_done = false;
    double pause_prob = 0;
    uint64_t first_valid = 0, last_beat = 0;
    bool mm2s_free = true;  // no beat on offer after this edge: MM2S may offer the next
    bool seen_valid = false, held = false;
    uint64_t held_data = 0;
    uint8_t held_keep = 0;
    bool held_last = false;
    uint64_t idle_limit = 1000000, idle = 0;

    Board() {
        context.fatalOnError(false);
        top.sys_clk = 0; top.core_clk = 0; top.rst = 1;
        top.s_axis_tvalid = 0; top.m_axis_tready = 0;
        top.s_axil_awvalid = 0; top.s_axil_wvalid = 0; top.s_axil_bready = 0;
        top.s_axil_arvalid = 0; top.s_axil_rready = 0;
        top.eval();
        check_finish();
    }

    void check_finish() {
        if (context.gotFinish()) fatal("the design called $finish (a parameter check failed)");
    }

    // Before a system clock edge: the handshakes that this edge completes.
    void sample() {
        if (top.s_axis_tvalid && top.s_axis_tready) {
            ++sent; ++in_burst; idle = 0;
        } else if (top.s_axis_tvalid) {
            ++backpressure;
        }
        if (s2mm_active && !s2mm_done) check_output_stream();
    }

    void check_output_stream() {
        const bool valid = top.m_axis_tvalid;
        if (held && (!valid || top.m_axis_tdata != held_data || top.m_axis_tkeep != held_keep ||
                     bool(top.m_axis_tlast) != held_last))
            fatal("AXI-Stream: the output beat changed or was withdrawn before it was taken (cycle " +
                  std::to_string(cycle) + ")");
        if (valid && !seen_valid) { seen_valid = true; first_valid = cycle; }
        held = valid && !top.m_axis_tready;
        held_data = top.m_axis_tdata; held_keep = top.m_axis_tkeep; held_last = top.m_axis_tlast;
        if (!(valid && top.m_axis_tready)) return;
        idle = 0;
        const uint8_t keep = top.m_axis_tkeep;
        if (keep == 0 || (keep & (keep + 1)) != 0 || (!top.m_axis_tlast && keep != 0xFF))
            fatal("AXI-Stream: output TKEEP " + std::to_string(keep) + " is not a run of low bytes (cycle " +
                  std::to_string(cycle) + ")");
        for (int b = 0; b < 8 && (keep >> b & 1); ++b) recv.push_back(uint8_t(top.m_axis_tdata >> (8 * b)));
        if (recv.size() > recv_max)
            fatal("S2MM: the output is longer than the " + std::to_string(recv_max) + "-byte buffer (cycle " +
                  std::to_string(cycle) + ")");
        last_beat = cycle;
        if (top.m_axis_tlast) s2mm_done = true;
    }

    // After a system clock edge: the inputs for the next cycle.
    void drive() {
        if (!mm2s_free) {
            // the beat on offer stays until it is taken
        } else if (!mm2s_active || sent == send_beats) {
            top.s_axis_tvalid = 0;
        } else if (gap_left > 0) {
            --gap_left;
            top.s_axis_tvalid = 0;
        } else if (burst && in_burst == burst && burst_gap > 0) {
            in_burst = 0;
            gap_left = burst_gap - 1;
            top.s_axis_tvalid = 0;
        } else if (rng.uniform() < gap_prob) {
            top.s_axis_tvalid = 0;
        } else {
            if (burst && in_burst == burst) in_burst = 0;
            uint64_t data = 0;
            uint8_t keep = 0;
            for (int b = 0; b < 8; ++b) {
                const size_t i = 8 * sent + b;
                if (i < send.size()) { data |= uint64_t(send[i]) << (8 * b); keep |= uint8_t(1 << b); }
            }
            top.s_axis_tdata = data;
            top.s_axis_tkeep = keep;
            top.s_axis_tlast = sent + 1 == send_beats;
            top.s_axis_tvalid = 1;
        }
        top.m_axis_tready = s2mm_active && !s2mm_done && rng.uniform() >= pause_prob;
    }
    // Simulate up to and including the next rising edge of the system clock (set_clocks
    // bounds the core clock edges in between).
    void sys_cycle() {
        for (uint64_t edge = 0; edge < MAX_EDGES; ++edge) {
            const uint64_t t = std::min(core_clk.next, sys_clk.next);
            const bool sys_edge = sys_clk.next == t, core_edge = core_clk.next == t;
            const bool sys_rise = sys_edge && !sys_clk.level;
            if (sys_rise) {
                top.eval();
                mm2s_free = !top.s_axis_tvalid || top.s_axis_tready;
                sample();
            }
            if (sys_edge) { sys_clk.level = !sys_clk.level; sys_clk.next = t + sys_clk.half(); }
            if (core_edge) {
                core_clk.level = !core_clk.level; core_clk.next = t + core_clk.half();
                if (core_clk.level) ++core_cycles;
            }
            top.sys_clk = sys_clk.level;
            top.core_clk = core_clk.level;
            top.eval();
            check_finish();
            if (sys_rise) {
                ++cycle;
                drive();
                top.eval();
                return;
            }
        }
        fatal("no rising system clock edge among " + std::to_string(MAX_EDGES) + " clock edges");
    }

    // System clock cycles until done() holds; more than limit of them means it never will.
    template <class Done>
    void run_until(Done done, uint64_t limit, const std::string& what) {
        for (uint64_t i = 0; !done(); ++i) {
            if (i == limit) fatal(what + " did not happen within " + std::to_string(limit) + " system clock cycles");
            sys_cycle();
        }
    }

    void set_clocks(uint64_t core_fs, uint64_t sys_fs) {
        if (std::max(core_fs, sys_fs) / std::min(core_fs, sys_fs) > MAX_CLOCK_RATIO)
            throw std::runtime_error("clock periods " + std::to_string(core_fs) + " and " + std::to_string(sys_fs) +
                                     " fs differ by more than a factor of " + std::to_string(MAX_CLOCK_RATIO));
        core_clk.period = core_fs;
        sys_clk.period = sys_fs;
        // the next edges keep their times; the new periods apply from there on
    }

    void reset(uint64_t cycles) {
        top.rst = 1;
        mm2s_active = s2mm_active = false;
        top.s_axis_tvalid = 0; top.m_axis_tready = 0;
        const uint64_t core_start = core_cycles, sys_start = cycle, limit = (cycles + 4) * (MAX_CLOCK_RATIO + 1);
        run_until([&] { return cycle - sys_start >= cycles && core_cycles - core_start >= cycles; }, limit, "reset");
        top.rst = 0;
        top.eval();
        const uint64_t core_released = core_cycles;
        // both reset synchronisers let go
        run_until([&] { return core_cycles - core_released >= 4; }, limit, "release from reset");
        for (int i = 0; i < 4; ++i) sys_cycle();
    }

    // AXI4-Lite write; returns BRESP.
    int write(uint32_t addr, uint32_t value) {
        top.s_axil_awaddr = addr; top.s_axil_wdata = value; top.s_axil_wstrb = 0xF;
        top.s_axil_awvalid = 1; top.s_axil_wvalid = 1; top.s_axil_bready = 1;
        bool aw = false, w = false;
        for (int i = 0; i < 1000; ++i) {
            top.eval();
            if (top.s_axil_awvalid && top.s_axil_awready) aw = true;
            if (top.s_axil_wvalid && top.s_axil_wready) w = true;
            const bool b = top.s_axil_bvalid && top.s_axil_bready;
            const int resp = top.s_axil_bresp;
            sys_cycle();
            if (aw) top.s_axil_awvalid = 0;
            if (w) top.s_axil_wvalid = 0;
            if (b) {
                if (!aw || !w) fatal("AXI-Lite: write response before the address and data were taken");
                top.s_axil_bready = 0;
                top.eval();
                return resp;
            }
        }
        fatal("AXI-Lite: no write response within 1000 cycles at address " + std::to_string(addr));
    }

    // AXI4-Lite read; returns RRESP and the data.
    int read(uint32_t addr, uint32_t& value) {
        top.s_axil_araddr = addr; top.s_axil_arvalid = 1; top.s_axil_rready = 1;
        bool ar = false;
        for (int i = 0; i < 1000; ++i) {
            top.eval();
            if (top.s_axil_arvalid && top.s_axil_arready) ar = true;
            const bool r = top.s_axil_rvalid && top.s_axil_rready;
            const int resp = top.s_axil_rresp;
            value = top.s_axil_rdata;
            sys_cycle();
            if (ar) top.s_axil_arvalid = 0;
            if (r) {
                if (!ar) fatal("AXI-Lite: read data before the address was taken");
                top.s_axil_rready = 0;
                top.eval();
                return resp;
            }
        }
        fatal("AXI-Lite: no read response within 1000 cycles at address " + std::to_string(addr));
    }

    std::string dma(const std::string& send_path, const std::string& recv_path, size_t max_bytes, size_t abort) {
        FILE* f = std::fopen(send_path.c_str(), "rb");
        if (!f) throw std::runtime_error("cannot open " + send_path);
        send.clear();
        uint8_t buffer[1 << 16];
        size_t n;
        while ((n = std::fread(buffer, 1, sizeof buffer, f)) > 0) send.insert(send.end(), buffer, buffer + n);
        std::fclose(f);
        send_beats = (send.size() + 7) / 8;
        sent = 0; in_burst = 0; gap_left = 0; mm2s_free = true; backpressure = 0;
        recv.clear(); recv_max = max_bytes; s2mm_done = false;
        seen_valid = held = false; idle = 0;
        const uint64_t start = cycle;
        const auto wall = std::chrono::steady_clock::now();
        for (uint64_t i = 0; i < latency; ++i) sys_cycle();  // the processor starts both channels
        mm2s_active = true;
        s2mm_active = abort == 0;
        drive();
        top.eval();
        for (;;) {
            if (abort && sent >= abort) break;
            if (sent == send_beats && (abort || s2mm_done)) break;
            sys_cycle();
            if (++idle > idle_limit)
                fatal("no beat moved for " + std::to_string(idle_limit) + " cycles: " + std::to_string(sent) +
                      " of " + std::to_string(send_beats) + " beats sent, " + std::to_string(recv.size()) +
                      " bytes received; the core never answered");
        }
        mm2s_active = false;
        s2mm_active = false;
        top.s_axis_tvalid = 0;
        top.m_axis_tready = 0;
        top.eval();
        if (!abort)
            for (uint64_t i = 0; i < latency; ++i) sys_cycle();  // the processor sees the transfer done
        if (!abort) {
            FILE* out = std::fopen(recv_path.c_str(), "wb");
            if (!out) throw std::runtime_error("cannot write " + recv_path);
            std::fwrite(recv.data(), 1, recv.size(), out);
            std::fclose(out);
        }
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall).count();
        std::ostringstream s;
        s << "{\"sent\": " << sent << ", \"received\": " << recv.size() << ", \"start\": " << start
          << ", \"end\": " << cycle << ", \"first_valid\": " << (seen_valid ? int64_t(first_valid) : -1)
          << ", \"last_beat\": " << last_beat << ", \"backpressure\": " << backpressure << ", \"core_cycles\": " << core_cycles
          << ", \"seconds\": " << seconds << "}";
        return s.str();
    }
};

}  // namespace

int main() {
    Board board;
    std::string line;
    while (std::getline(std::cin, line)) {
        std::istringstream in(line);
        std::string command;
        in >> command;
        std::string answer;
        auto parsed = [&] {
            if (in.fail()) throw std::runtime_error("malformed command: " + line);
        };
        try {
            if (command == "clock") {
                const long long core_fs = field(in, 2, MAX_PERIOD_FS, "the core clock period (fs)");
                const long long sys_fs = field(in, 2, MAX_PERIOD_FS, "the system clock period (fs)");
                board.set_clocks(core_fs, sys_fs);
                answer = "{\"ok\": 1}";
            } else if (command == "dma_model") {
                const double gap = probability(in, "the MM2S gap");
                const long long burst = field(in, 0, MAX_WAIT, "the MM2S burst");
                const long long burst_gap = field(in, 0, MAX_WAIT, "the MM2S burst gap");
                const double pause = probability(in, "the S2MM pause");
                const long long latency = field(in, 0, MAX_WAIT, "the processor latency");
                uint64_t seed;
                in >> seed;
                parsed();
                const long long idle_limit = field(in, 1, MAX_WAIT, "the idle limit");
                if (burst_gap >= idle_limit || latency >= idle_limit)
                    throw std::runtime_error("the MM2S burst gap and the processor latency must be below the idle limit");
                board.gap_prob = gap; board.burst = burst; board.burst_gap = burst_gap;
                board.pause_prob = pause; board.latency = latency; board.idle_limit = idle_limit;
                board.rng.seed(seed);
                answer = "{\"ok\": 1}";
            } else if (command == "reset") {
                board.reset(field(in, 1, 1000, "reset cycles"));
                answer = "{\"cycle\": " + std::to_string(board.cycle) + "}";
            } else if (command == "write") {
                uint32_t addr, value;
                in >> addr >> value;
                parsed();
                const int resp = board.write(addr, value);
                answer = "{\"resp\": " + std::to_string(resp) + ", \"cycle\": " + std::to_string(board.cycle) + "}";
            } else if (command == "read") {
                uint32_t addr, value = 0;
                in >> addr;
                parsed();
                const int resp = board.read(addr, value);
                answer = "{\"resp\": " + std::to_string(resp) + ", \"value\": " + std::to_string(value) +
                         ", \"cycle\": " + std::to_string(board.cycle) + "}";
            } else if (command == "dma") {
                std::string send_path, recv_path;
                size_t max_bytes, abort;
                in >> send_path >> recv_path >> max_bytes >> abort;
                parsed();
                answer = board.dma(send_path, recv_path, max_bytes, abort);
            } else if (command == "idle") {
                const long long cycles = field(in, 0, MAX_WAIT, "idle cycles");
                for (long long i = 0; i < cycles; ++i) board.sys_cycle();
                answer = "{\"cycle\": " + std::to_string(board.cycle) + "}";
            } else if (command == "quit") {
                break;
            } else {
                answer = "{\"error\": \"unknown command " + command + "\"}";
            }
        } catch (const std::exception& e) {
            answer = std::string("{\"error\": \"") + e.what() + "\"}";
        }
        std::printf("%s\n", answer.c_str());
        std::fflush(stdout);
    }
    board.top.final();
    return 0;
}
