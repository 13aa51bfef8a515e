// hashbed's fast timing engine: an event-driven simulator of a routed cell netlist with
// its delays, the same netlist and cell models that Icarus simulates in the post-route
// timing simulation (ice40_cells.v, core_tb.v, calibration_tb.v), with the semantics
// Icarus Verilog gives them (docs/methodology.md, "The fast timing engine"):
//
// - Values are 0, 1 and x. Every net starts at x; a flip-flop starts at 0 (TRELLIS_FF: its
//   REGSET value).
// - A delayed copy (`assign #(d) y = a;`) is Icarus's delay functor: a change of its input
//   at time t is scheduled for t + d after cancelling every change still pending after t;
//   a change equal to the oldest pending one is dropped. So a pulse shorter than d is
//   swallowed and one of at least d passes (inertial delay). d = 0: the change is
//   immediate. Every scheduled change has its own wake-up, as in Icarus; a change to the
//   copy's own value with nothing pending is not scheduled (when it came it would do
//   nothing, and while pending it would only drop changes to the same value, which would do
//   nothing either). The "events" line after a run counts the engine's own events, a
//   diagnostic only (the tests leave it out when they compare outputs).
// - Events at one time run in the order they were scheduled (Icarus's active queue);
//   a cell's function of its delayed copies (a LUT, the carry) runs as a deferred
//   evaluation appended to the current time's queue, once however many of its inputs
//   change (Icarus runs a function in a continuous assignment as a thread scheduled the
//   same way). A flip-flop's process is woken by the rising edge of its delayed clock and
//   appended likewise; its register takes the new value in the non-blocking region after
//   the time's active events.
// - The testbenches are those of core_tb.v (both interfaces) and calibration_tb.v, event for event.
//
// Usage: engine DESIGN, then commands on stdin, each answered on stdout and ended by a
// line "end" (a line "fatal: ..." before it: the engine stopped):
//   core PERIOD INPUT_DELAY MAX_CYCLES OUTPUTS COUNT WORD...   (words in hex)
//       prints what core_tb.v prints: "out <hex>", "first N", "last N", "done" / "timeout"
//   lwc PERIOD INPUT_DELAY MAX_CYCLES OUTPUTS PDI_COUNT SDI_COUNT WORD...   (pdi, then sdi words)
//       prints what core_tb.v with LWC = 1 prints (the same lines) for an LWC core (pdi, sdi, do)
//   calibration PERIOD CYCLES MODE
//       prints "sample <hex>" where calibration_tb.v compares the outputs
//
// The design file: "hashbed-engine 2", "nets N" (net 0 is 0, net 1 is 1, net 2 is x), then
// "port NAME WIDTH NET..." lines (least significant bit first) and cells:
// "cell TYPE NAME", parameter lines ("param NAME DECIMAL", "hex NAME HEX" for a number wider
// than 63 bits, "text NAME =TEXT" for a text, hashbed's derived settings such as WIDE_MUX
// among them), "pin NAME NET" lines (NET -1: unconnected), "end". A cell type is a few
// functions below (build, copy_action, eval, process, nba). The ECP5 cells follow ecp5_cells.v,
// the iCE40 ones ice40_cells.v.
//
// Events: a time wheel of one bucket per picosecond (a linked list of events in the order of
// scheduling, nodes from one pool) for the next WHEEL ps; events further ahead wait in a heap;
// those for the current time (the deferred evaluations) in a plain queue after its bucket.

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <map>
#include <queue>
#include <sstream>
#include <string>
#include <vector>

typedef int64_t Time;
typedef uint8_t Val;  // 0, 1, X
static const Val X = 2;

[[noreturn]] __attribute__((cold)) static void fail(const std::string& message) {
    std::fprintf(stdout, "fatal: %s\nend\n", message.c_str());
    std::fflush(stdout);
    std::exit(1);
}

static constexpr inline Val v_and(Val a, Val b) { return (a == 0 || b == 0) ? 0 : (a == 1 && b == 1) ? 1 : X; }
static constexpr inline Val v_or(Val a, Val b) { return (a == 1 || b == 1) ? 1 : (a == 0 && b == 0) ? 0 : X; }
static constexpr inline Val v_merge(Val a, Val b) { return a == b ? a : X; }  // `c ? a : b` with c = x
static inline bool posedge(Val from, Val to) { return (from == 0 && to != 0) || (from == X && to == 1); }

// A LUT as a tree of 2:1 multiplexers (ice40_cells.v lut4): an x select merges both halves.
static inline Val lut4(uint32_t init, Val a3, Val a2, Val a1, Val a0) {
    if (a3 != X && a2 != X && a1 != X && a0 != X) return (init >> (a3 * 8 + a2 * 4 + a1 * 2 + a0)) & 1;
    int ones = 0, zeros = 0;
    for (int i = 0; i < 16; ++i) {
        if ((a3 != X && ((i >> 3) & 1) != a3) || (a2 != X && ((i >> 2) & 1) != a2) || (a1 != X && ((i >> 1) & 1) != a1) ||
            (a0 != X && (i & 1) != a0))
            continue;
        if ((init >> i) & 1) ones++; else zeros++;
    }
    return ones && zeros ? X : (ones ? 1 : 0);
}

// An event, one word: id << 4 | kind. Kinds: a delayed copy's wake-up, a vector copy's, the
// testbench's step, a cell's deferred evaluation EV_EVAL + which (0-2), its process which (8-11).
typedef uint32_t Ev;
enum EvKind : uint32_t { EV_COPY = 0, EV_VCOPY = 1, EV_TB = 2, EV_EVAL = 4 };
static inline Ev event(uint32_t id, uint32_t kind) { return id << 4 | kind; }

// An event in a bucket of the time wheel: a singly linked list per bucket, in the order of
// scheduling, its nodes in one pool (a free list reuses them).
struct Node {
    Ev ev;
    int32_t next;
};

static const int PENDING = 4;  // a power of 2; a copy has at most 2 changes pending (one due now)

// What a change of a delayed copy's value does in its cell (from the cell's type and the copy's
// slot, fixed when the design is built): nothing, a deferred evaluation or process (`which`), the
// same on a rising edge only, or the change of a net (a register's or a buffer's output).
enum Action : uint8_t { A_NONE, A_DEFER, A_POSEDGE, A_NET };

// The delayed copy of a net into a cell (`assign #(delay) copy = net`, optionally inverted).
// The copies of a net's fan-out are contiguous (fan_begin). Its value is in the cell's inputs
// (input[slot]). A pending change: its time's low 32 bits (a pending change is due at most
// `delay` < 2^31 ps after now) and its value (2 bits each in pvals).
struct alignas(32) Copy {
    int32_t target;  // A_DEFER, A_POSEDGE: the cell; A_NET: the net
    int32_t delay;
    uint32_t slot;   // its value: input[slot] (the cell's slots + its slot)
    uint8_t action, which, pvals;
    uint8_t head : 2, count : 3, invert : 1;
    uint32_t ptime[PENDING];
    Val pval(int k) const { return Val((pvals >> (2 * k)) & 3); }
    bool later(int k, Time now) const { return int32_t(ptime[k] - uint32_t(now)) > 0; }
};

// A vector of up to 32 bits: bit i is x if xm bit i is set, else val bit i.
struct Vec {
    uint32_t val, xm;
    bool operator==(const Vec& o) const { return val == o.val && xm == o.xm; }
    bool operator!=(const Vec& o) const { return !(*this == o); }
    Val bit(int i) const { return ((xm >> i) & 1) ? X : Val((val >> i) & 1); }
};

struct VPending {
    Time t;
    Vec v;
};

// The delayed copy of a register vector to a cell's outputs (`assign #(delay) {OUT...} = reg`):
// one delay functor for the whole vector, as Icarus has it, each bit then its output net.
struct VCopy {
    int32_t cell;
    Time delay;
    Vec val;
    uint8_t head, count, width;
    int32_t out;  // the output nets: outs[out + bit]
    VPending pend[PENDING];
};

enum CellType : uint8_t { T_ICESTORM_LC, T_BUF, T_COMB, T_FF, T_DP16KD };

struct Cell {
    CellType type;
    uint16_t mode;     // per type, see build_cell
    uint8_t q, lut_reg;
    uint32_t init;
    int32_t slot;  // its copies: copy index slots[slot + k], -1 if none; their values input[slot + k]
    int32_t out;   // its output nets: outs[out + k], -1 if none
    int32_t o[3];  // the first three of them (-1 beyond its outputs), read by its functions
    int32_t qnet;  // a flip-flop: the register's net (its output is a delayed copy of it)
    int32_t aux;   // TRELLIS_COMB DPRAM: its RAM in rams; DP16KD: its state in brams
};

// TRELLIS_COMB's distributed RAM bit register (MODE "DPRAM").
struct Dpram {
    Vec ram, init;
};

// DP16KD's state and settings.
struct Bram {
    std::vector<Vec> rows, init;
    Vec latch[2];
    int width[2];
    bool wide, async_reset;
    uint8_t writemode[2];  // 0 NORMAL, 1 WRITETHROUGH, 2 READBEFOREWRITE
    uint8_t decode[2];     // CSDECODE: bit k the value CSk must have
    int32_t vcopy[2];      // the delayed copies of the read latches to DOA, DOB
};

struct Nba {
    int32_t cell;
    uint8_t kind;  // 0 a flip-flop's register, 1 a DPRAM bit (index), 2 a block RAM latch (index: port)
    uint8_t index;
    Val v;
    Vec vec;
};

struct Port {
    std::string name;
    std::vector<int32_t> nets;
};

static constexpr inline Val v_not(Val a) { return a == X ? X : Val(a ^ 1); }
static constexpr inline Val v_xor(Val a, Val b) { return (a == X || b == X) ? X : Val(a ^ b); }
static constexpr inline Val v_mux(Val s, Val one, Val zero) { return s == 1 ? one : s == 0 ? zero : v_merge(one, zero); }
static constexpr inline Val v_carry(Val c1, Val c2, Val cc) { return v_or(v_and(c1, c2), v_and(v_or(c1, c2), cc)); }

// The same functions of three values as tables (2 bits an entry at a * 9 + b * 3 + c), so the
// cell functions do not branch on their inputs.
template <typename F>
static constexpr uint64_t table3(F f) {
    uint64_t t = 0;
    for (int a = 0; a < 3; ++a)
        for (int b = 0; b < 3; ++b)
            for (int c = 0; c < 3; ++c) t |= uint64_t(f(Val(a), Val(b), Val(c))) << (2 * (a * 9 + b * 3 + c));
    return t;
}
static constexpr uint64_t MUX = table3(v_mux), CARRY = table3(v_carry);
static constexpr uint64_t AND_XOR = table3([](Val a, Val b, Val c) { return v_xor(a, v_and(b, c)); });
static inline Val look(uint64_t table, Val a, Val b, Val c) { return Val((table >> (2 * (a * 9 + b * 3 + c))) & 3); }

// lut4 over a table whose entries may be x (a DPRAM's register)
static inline Val lut4x(Vec table, Val a3, Val a2, Val a1, Val a0) {
    if (!table.xm) return lut4(table.val, a3, a2, a1, a0);
    int ones = 0, zeros = 0, unknown = 0;
    for (int i = 0; i < 16; ++i) {
        if ((a3 != X && ((i >> 3) & 1) != a3) || (a2 != X && ((i >> 2) & 1) != a2) || (a1 != X && ((i >> 1) & 1) != a1) ||
            (a0 != X && (i & 1) != a0))
            continue;
        Val v = table.bit(i);
        if (v == X) unknown++; else if (v) ones++; else zeros++;
    }
    return unknown || (ones && zeros) ? X : (ones ? 1 : 0);
}

static const Vec VEC_X18 = {0, 0x3FFFF};

struct Engine {
    // structure
    std::vector<Val> net_init;
    std::vector<std::vector<int32_t>> fanout_build;
    std::vector<int32_t> fan_begin;
    std::vector<Copy> copies;
    std::vector<VCopy> vcopies;
    std::vector<Cell> cells;
    std::vector<int32_t> slots, outs;
    std::vector<Dpram> rams;
    std::vector<Bram> brams;
    std::map<std::string, Port> ports;
    // state
    std::vector<Val> net;
    std::vector<Val> input;       // the cells' delayed copies' values (x where none), by slot
    std::vector<uint16_t> pending;  // per cell: deferred evaluations (bits 0-7) and processes (bits 8-15) scheduled
    Time now = 0;
    uint64_t seq = 0;  // the order of scheduling, for the events beyond the wheel
    // The time wheel: a bucket per picosecond of the next WHEEL ps (their lists in pool),
    // a bit per bucket that holds events; events further ahead wait in far (all of them
    // were scheduled before any event of the same time in the wheel). Bucket b is pool[b]:
    // next its first node, ev its last (b itself if none), so appending never branches.
    static const int WHEEL_BITS = 14;
    static const Time WHEEL = Time(1) << WHEEL_BITS;
    std::vector<Node> pool;
    int32_t free_node = -1;
    std::vector<uint64_t> occupied;
    size_t in_wheel = 0;
    // The events scheduled for the current time while it runs: after every event in its bucket
    // (scheduled before), in the order they were scheduled.
    std::vector<Ev> active;
    struct Far {
        Time t;
        uint64_t seq;
        Ev ev;
        bool operator<(const Far& o) const { return t != o.t ? t > o.t : seq > o.seq; }
    };
    std::priority_queue<Far> far;
    std::vector<Nba> nba, nba_run;
    uint64_t events = 0;
    bool finished = false;

    int32_t new_net(Val init) {
        net_init.push_back(init);
        fanout_build.emplace_back();
        return int32_t(net_init.size() - 1);
    }

    // --- scheduling ------------------------------------------------------------------
    int32_t node(Ev ev) {
        int32_t n = free_node;
        if (n >= 0) {
            free_node = pool[size_t(n)].next;
            pool[size_t(n)] = Node{ev, -1};
        } else {
            n = int32_t(pool.size());
            pool.push_back(Node{ev, -1});
        }
        return n;
    }

    void append(size_t b, int32_t n) {
        Node& bucket = pool[b];
        pool[bucket.ev].next = n;
        bucket.ev = Ev(n);
        occupied[b >> 6] |= uint64_t(1) << (b & 63);
        in_wheel++;
    }

    void empty_buckets() {
        pool.resize(size_t(WHEEL));
        for (size_t b = 0; b < size_t(WHEEL); ++b) pool[b] = Node{Ev(b), -1};
    }

    void schedule(Time t, Ev ev) {
        if (t == now) active.push_back(ev);
        else if (t - now < WHEEL) append(size_t(t & (WHEEL - 1)), node(ev));
        else far.push(Far{t, seq++, ev});
    }

    bool next_time(Time& t) {
        if (!active.empty()) {  // the events of time 0 scheduled before the run
            t = now;
            return true;
        }
        bool found = false;
        if (in_wheel) {
            size_t start = size_t(now & (WHEEL - 1));
            size_t words = size_t(WHEEL >> 6);
            size_t w = start >> 6;
            uint64_t bits = occupied[w] & (~uint64_t(0) << (start & 63));
            for (size_t n = 0; n <= words; ++n) {
                if (bits) {
                    size_t b = (w << 6) + size_t(__builtin_ctzll(bits));
                    t = now + Time((b - start) & size_t(WHEEL - 1));
                    found = true;
                    break;
                }
                w = (w + 1) % words;
                bits = occupied[w];
            }
        }
        if (!far.empty() && (!found || far.top().t < t)) {
            t = far.top().t;
            found = true;
        }
        return found;
    }

    // --- nets and delayed copies -----------------------------------------------------
    void set_net(int32_t n, Val v) {
        if (net[size_t(n)] == v) return;
        net[size_t(n)] = v;
        int32_t end = fan_begin[size_t(n) + 1];
        for (int32_t ci = fan_begin[size_t(n)]; ci < end; ++ci) copy_recv(ci, v);
    }

    void copy_recv(int32_t ci, Val v) {
        Copy& c = copies[size_t(ci)];
        if (c.invert && v != X) v ^= 1;
        if (c.count) {
            if (c.pval(c.head) == v) return;
            // cancel pending changes from the oldest on, up to one that is due now (as Icarus does)
            while (c.count && c.later(c.head, now)) {
                c.head = (c.head + 1) & (PENDING - 1);
                c.count--;
            }
        }
        if (c.count == 0) {
            // nothing pending: a change to the copy's value would do nothing when it came
            // (and while pending, only drop changes to the same value, which do nothing)
            if (input[c.slot] == v) return;
            if (c.delay == 0) {
                copy_set(c, v);
                return;
            }
        }
        if (c.count == PENDING) fail("internal: too many pending changes on a delayed copy");
        int k = (c.head + c.count) & (PENDING - 1);
        c.ptime[k] = uint32_t(now + c.delay);
        c.pvals = uint8_t((c.pvals & ~(3 << (2 * k))) | (v << (2 * k)));
        c.count++;
        schedule(now + c.delay, event(uint32_t(ci), EV_COPY));
    }

    void copy_wake(int32_t ci) {
        Copy& c = copies[size_t(ci)];
        if (c.count == 0 || c.later(c.head, now)) return;
        Val v = c.pval(c.head);
        c.head = (c.head + 1) & (PENDING - 1);
        c.count--;
        copy_set(c, v);
    }

    // the copy's new value reaches its cell (on_copy: what that does)
    void copy_set(const Copy& c, Val v) {
        Val& value = input[c.slot];
        Val old = value;
        if (old == v) return;
        value = v;
        switch (c.action) {
            case A_DEFER: defer(uint32_t(c.target), c.which); break;
            case A_POSEDGE: if (posedge(old, v)) defer(uint32_t(c.target), c.which); break;
            case A_NET: set_net(c.target, v); break;
            default: break;
        }
    }

    // the same rules for a vector copy
    void vcopy_recv(int32_t vi, Vec v) {
        VCopy& c = vcopies[size_t(vi)];
        if (c.count) {
            if (c.pend[c.head].v == v) return;
            while (c.count && c.pend[c.head].t > now) {
                c.head = (c.head + 1) & (PENDING - 1);
                c.count--;
            }
        }
        if (c.delay == 0 && c.count == 0) {
            vcopy_set(vi, v);
            return;
        }
        if (c.count == PENDING) fail("internal: too many pending changes on a delayed copy");
        c.pend[(c.head + c.count) & (PENDING - 1)] = VPending{now + c.delay, v};
        c.count++;
        schedule(now + c.delay, event(uint32_t(vi), EV_VCOPY));
    }

    void vcopy_wake(int32_t vi) {
        VCopy& c = vcopies[size_t(vi)];
        if (c.count == 0 || c.pend[c.head].t > now) return;
        Vec v = c.pend[c.head].v;
        c.head = (c.head + 1) & (PENDING - 1);
        c.count--;
        vcopy_set(vi, v);
    }

    void vcopy_set(int32_t vi, Vec v) {
        VCopy& c = vcopies[size_t(vi)];
        if (c.val == v) return;
        Vec old = c.val;
        c.val = v;
        for (int b = 0; b < c.width; ++b)
            if (old.bit(b) != v.bit(b)) set_net(outs[size_t(c.out + b)], v.bit(b));
    }

    Val cv(const Cell& cell, int k) const { return input[size_t(cell.slot + k)]; }
    // lut4 over the copies at slots k..k+3 (I0/A first): the four values read at once
    Val lut_at(const Cell& cell, int k) const {
        uint32_t w;
        std::memcpy(&w, &input[size_t(cell.slot + k)], 4);
        if (!(w & 0x02020202u)) return (cell.init >> ((w * 0x10204080u) >> 28)) & 1;  // no x: bit k of byte k
        return lut4(cell.init, Val(w >> 24), Val((w >> 16) & 0xFF), Val((w >> 8) & 0xFF), Val(w & 0xFF));
    }
    int32_t out(const Cell& cell, int k) const { return k < 3 ? cell.o[k] : outs[size_t(cell.out + k)]; }

    void defer(uint32_t ci, uint8_t which) {
        uint16_t& bits = pending[ci];
        if (bits & (1u << which)) return;
        bits |= uint16_t(1u << which);
        schedule(now, event(ci, which >= 8 ? which : EV_EVAL + which));
    }

    // --- cell types ------------------------------------------------------------------
    // ICESTORM_LC slots: 0-3 I0-I3 to O (no flip-flop) or to the flip-flop (setup copies),
    // 4 SR, 5 CEN, 6 CLK, 7 the register to O (D_CLK_O), 8 I1, 9 I2, 10 CIN to COUT; outputs
    // O, COUT. Deferred evaluations: 0 O (LUT), 1 COUT, 2 the LUT into the flip-flop; process 8.
    enum { LC_I0 = 0, LC_SR = 4, LC_CEN = 5, LC_CLK = 6, LC_Q = 7, LC_C1 = 8, LC_C2 = 9, LC_CC = 10, LC_SLOTS = 11 };
    // TRELLIS_COMB slots: 0-3 A-D to F, 4 FCI to F, 5-9 A-D, FCI to FCO, 10-13 A-D to OFX,
    // 14 M, 15 F1, 16 FXA, 17 FXB to OFX, 18 WCK, 19 WD, 20-23 WAD0-3, 24 WRE; outputs F, FCO,
    // OFX. Evaluations 0 F, 1 FCO, 2 OFX; process 8 the DPRAM write.
    enum { CB_F = 0, CB_FCI_F = 4, CB_FCO = 5, CB_FCI_FCO = 9, CB_OFX = 10, CB_M = 14, CB_F1 = 15, CB_FXA = 16, CB_FXB = 17,
           CB_WCK = 18, CB_WD = 19, CB_WAD = 20, CB_WRE = 24, CB_SLOTS = 25 };
    // TRELLIS_COMB mode bits
    enum { CM_LOGIC = 0, CM_CCU2 = 1, CM_DPRAM = 2, CM_RAMW = 3, CM_MODE = 3, CM_INJECT = 4, CM_PFUMX = 8, CM_L6MUX = 16 };
    // TRELLIS_FF slots: 0 CLK, 1 DI, 2 M, 3 CE, 4 LSR, 5 the register to Q; process 8.
    enum { FF_CLK = 0, FF_DI = 1, FF_M = 2, FF_CE = 3, FF_LSR = 4, FF_Q = 5, FF_SLOTS = 6 };
    // TRELLIS_FF mode bits: 0-1 CEMUX (0 "1", 1 "0", 2 CE, 3 INV), 2 LSR connected, 3 ASYNC, 4 SET, 5 SD "1"
    enum { FM_CE = 3, FM_LSR = 4, FM_ASYNC = 8, FM_SET = 16, FM_SD = 32 };
    // DP16KD slots: 0 CLKA, 1 CLKB, then per port (A at 2, B at 2 + BR_PORT): CE, WE, RST, CS0-2,
    // DI0-17, AD0-13; outputs DOA0-17, DOB0-17. Processes 8, 9 the clock edge of port A, B;
    // 10, 11 the asynchronous reset of A, B.
    enum { BR_CE = 0, BR_WE = 1, BR_RST = 2, BR_CS = 3, BR_DI = 6, BR_AD = 24, BR_PORT = 38, BR_SLOTS = 2 + 2 * BR_PORT };

    // What a change of the copy at a slot of a cell does (Action): which evaluation it defers, a
    // process on its rising edge, or the output net that follows it.
    void copy_action(Copy& c, uint32_t ci, int slot) {
        const Cell& cell = cells[ci];
        auto act = [&](Action action, int which) {
            c.action = action;
            c.which = uint8_t(which);
            c.target = int32_t(ci);
        };
        auto follow = [&](int k) {
            c.action = A_NET;
            c.target = out(cell, k);
        };
        c.action = A_NONE;
        c.target = int32_t(ci);
        switch (cell.type) {
            case T_ICESTORM_LC:
                if (slot < 4) act(A_DEFER, (cell.mode & 1) ? 2 : 0);
                else if (slot >= LC_C1) act(A_DEFER, 1);
                else if (slot == LC_CLK) act(A_POSEDGE, 8);
                else if (slot == LC_SR) { if (cell.mode & 4) act(A_POSEDGE, 8); }
                else if (slot == LC_Q) follow(0);
                break;
            case T_BUF:
                follow(slot);
                break;
            case T_COMB:
                if (slot <= CB_FCI_F) act(A_DEFER, 0);
                else if (slot <= CB_FCI_FCO) act(A_DEFER, 1);
                else if (slot <= CB_FXB) act(A_DEFER, 2);
                else if (slot == CB_WCK) act(A_POSEDGE, 8);
                break;
            case T_FF:
                if (slot == FF_CLK) act(A_POSEDGE, 8);
                else if (slot == FF_LSR) { if (cell.mode & FM_ASYNC) act(A_POSEDGE, 8); }
                else if (slot == FF_Q) follow(0);
                break;
            case T_DP16KD: {
                const Bram& bram = brams[size_t(cell.aux)];
                if (slot < 2) act(A_POSEDGE, 8 + slot);
                else if (bram.async_reset && (slot - 2) % BR_PORT == BR_RST) {
                    int port = (slot - 2) / BR_PORT;
                    if (port == 1 || !bram.wide) act(A_POSEDGE, 10 + port);
                }
                break;
            }
        }
    }

    void eval(uint32_t ci, int which) {
        Cell& cell = cells[ci];
        pending[ci] &= uint16_t(~(1u << which));
        switch (cell.type) {
            case T_ICESTORM_LC:
                if (which == 0) set_net(out(cell, 0), lut_at(cell, 0));
                else if (which == 1) {
                    Val c1 = cv(cell, LC_C1), c2 = cv(cell, LC_C2), cc = cv(cell, LC_CC);
                    set_net(out(cell, 1), look(CARRY, c1, c2, cc));
                } else if (which == 2) cell.lut_reg = lut_at(cell, 0);
                break;
            case T_COMB: {
                int mode = cell.mode & CM_MODE;
                Val inject = (cell.mode & CM_INJECT) ? 1 : 0;
                if (which == 0) {
                    Val f;
                    if (mode == CM_DPRAM)
                        f = lut4x(rams[size_t(cell.aux)].ram, cv(cell, 3), cv(cell, 2), cv(cell, 1), cv(cell, 0));
                    else
                        f = lut_at(cell, 0);
                    if (mode == CM_CCU2) f = look(AND_XOR, f, v_not(inject), cv(cell, CB_FCI_F));
                    set_net(out(cell, 0), f);
                } else if (which == 1) {
                    Val a = cv(cell, CB_FCO), b = cv(cell, CB_FCO + 1);
                    Val select = lut4(cell.init, cv(cell, CB_FCO + 3), cv(cell, CB_FCO + 2), b, a);
                    Val generate = v_and(v_not(inject), lut4(cell.init, 0, 0, b, a));
                    set_net(out(cell, 1), look(MUX, select, cv(cell, CB_FCI_FCO), generate));
                } else if (which == 2) {
                    Val m = cv(cell, CB_M);
                    if (cell.mode & CM_PFUMX) {
                        Val lut = lut_at(cell, CB_OFX);
                        set_net(out(cell, 2), look(MUX, m, cv(cell, CB_F1), lut));
                    } else {
                        set_net(out(cell, 2), look(MUX, m, cv(cell, CB_FXB), cv(cell, CB_FXA)));
                    }
                }
                break;
            }
            default:
                break;
        }
    }

    void process(uint32_t ci, int which) {
        Cell& cell = cells[ci];
        pending[ci] &= uint16_t(~(1u << which));
        switch (cell.type) {
            case T_ICESTORM_LC: {
                Val sr = cv(cell, LC_SR), cen = cv(cell, LC_CEN), set = (cell.mode >> 3) & 1;
                if (cell.mode & 4) {  // always @(posedge clk or posedge s_sr) if (s_sr) ... else if (s_cen) ...
                    if (sr == 1) push_nba(ci, 0, 0, set);
                    else if (cen == 1) push_nba(ci, 0, 0, cell.lut_reg);
                } else if (cen == 1) {  // if (s_cen) q <= s_sr ? SET_NORESET : lut_reg
                    push_nba(ci, 0, 0, sr == 1 ? set : sr == 0 ? cell.lut_reg : v_merge(set, cell.lut_reg));
                }
                break;
            }
            case T_FF: {
                // if (set_reset) q <= value; else if (enable) q <= data;
                Val sr = (cell.mode & FM_LSR) ? cv(cell, FF_LSR) : 0;
                int cemux = cell.mode & FM_CE;
                Val enable = cemux == 0 ? 1 : cemux == 1 ? 0 : cemux == 2 ? cv(cell, FF_CE) : v_not(cv(cell, FF_CE));
                if (sr == 1) push_nba(ci, 0, 0, (cell.mode & FM_SET) ? 1 : 0);
                else if (enable == 1) push_nba(ci, 0, 0, cv(cell, (cell.mode & FM_SD) ? FF_DI : FF_M));
                break;
            }
            case T_COMB: {  // DPRAM: if (write) ram[{wad0, wad2, wad1, wad3}] <= wd
                if (cv(cell, CB_WRE) != 1) break;
                Val w0 = cv(cell, CB_WAD), w1 = cv(cell, CB_WAD + 1), w2 = cv(cell, CB_WAD + 2), w3 = cv(cell, CB_WAD + 3);
                if (w0 == X || w1 == X || w2 == X || w3 == X) break;  // a write to an unknown address: none
                push_nba(ci, 1, uint8_t(w0 * 8 + w2 * 4 + w1 * 2 + w3), cv(cell, CB_WD));
                break;
            }
            case T_DP16KD:
                bram_process(ci, which);
                break;
            default:
                break;
        }
    }

    void push_nba(uint32_t ci, uint8_t kind, uint8_t index, Val v, Vec vec = Vec{0, 0}) {
        nba.push_back(Nba{int32_t(ci), kind, index, v, vec});
    }

    void apply_nba(const Nba& n) {
        Cell& cell = cells[size_t(n.cell)];
        if (n.kind == 0) {
            if (cell.q == n.v) return;
            cell.q = n.v;
            set_net(cell.qnet, n.v);
        } else if (n.kind == 1) {
            Dpram& r = rams[size_t(cell.aux)];
            Vec before = r.ram;
            uint32_t bit = 1u << n.index;
            r.ram.val = (r.ram.val & ~bit) | (n.v == 1 ? bit : 0);
            r.ram.xm = (r.ram.xm & ~bit) | (n.v == X ? bit : 0);
            if (r.ram != before) defer(uint32_t(n.cell), 0);  // assign contents = ram: F follows
        } else {
            Bram& b = brams[size_t(cell.aux)];
            if (b.latch[n.index] == n.vec) return;
            b.latch[n.index] = n.vec;
            vcopy_recv(b.vcopy[n.index], n.vec);
        }
    }

    // --- DP16KD ------------------------------------------------------------------------
    Vec bram_bits(const Cell& cell, int first, int count) const {
        Vec v{0, 0};
        for (int i = 0; i < count; ++i) {
            Val b = cv(cell, first + i);
            if (b == X) v.xm |= 1u << i;
            else if (b) v.val |= 1u << i;
        }
        return v;
    }

    // enable = ce && cs == CSDECODE (== is 0 at a known difference, else x with an unknown bit)
    Val bram_enable(const Cell& cell, const Bram& b, int port) const {
        int base = 2 + port * BR_PORT;
        Val equal = 1;
        for (int k = 0; k < 3; ++k) {
            Val cs = cv(cell, base + BR_CS + k);
            if (cs == X) equal = X;
            else if (cs != ((b.decode[port] >> k) & 1)) { equal = 0; break; }
        }
        return v_and(cv(cell, base + BR_CE), equal);
    }

    static Vec bram_read(const Bram& b, int width, Vec ad) {
        if (ad.xm & 0x3FF0) return width == 18 ? VEC_X18 : Vec{0, 0x1FF};
        const Vec& row = b.rows[(ad.val >> 4) & 0x3FF];
        if (width == 18) return row;
        if (ad.xm & 8) return Vec{0, 0x1FF};
        int shift = (ad.val & 8) ? 9 : 0;
        return Vec{(row.val >> shift) & 0x1FF, (row.xm >> shift) & 0x1FF};
    }

    static void put(Vec& row, int shift, Vec data) {  // row bits shift +: 9 = data[8:0]
        uint32_t mask = 0x1FFu << shift;
        row.val = (row.val & ~mask) | ((data.val & 0x1FF) << shift);
        row.xm = (row.xm & ~mask) | ((data.xm & 0x1FF) << shift);
    }

    static void bram_write(Bram& b, int width, Vec ad, Vec data) {
        if (ad.xm & 0x3FF0) return;  // an unknown row: no write
        Vec& row = b.rows[(ad.val >> 4) & 0x3FF];
        if (width == 9) {
            if (ad.xm & 8) return;
            put(row, (ad.val & 8) ? 9 : 0, data);
        } else {
            if (ad.bit(0) == 1) put(row, 0, data);
            if (ad.bit(1) == 1) put(row, 9, Vec{data.val >> 9, data.xm >> 9});
        }
    }

    void bram_process(uint32_t ci, int which) {
        Cell& cell = cells[ci];
        Bram& b = brams[size_t(cell.aux)];
        if (which >= 10) {  // always @(posedge reset_now_<port>)
            int port = which - 10;
            push_nba(ci, 2, uint8_t(port), 0, Vec{0, 0});
            if (port == 1 && b.wide) push_nba(ci, 2, 0, 0, Vec{0, 0});
            return;
        }
        int port = which - 8, base = 2 + port * BR_PORT;
        Val enable = bram_enable(cell, b, port), we = cv(cell, base + BR_WE), rst = cv(cell, base + BR_RST);
        Vec ad = bram_bits(cell, base + BR_AD, 14);
        if (b.wide) {
            if (port == 0) {  // if (enable_a && wea) write_wide(ada, {dib, dia})
                if (v_and(enable, we) != 1 || (ad.xm & 0x3FE0)) return;
                Vec dia = bram_bits(cell, 2 + BR_DI, 18), dib = bram_bits(cell, 2 + BR_PORT + BR_DI, 18);
                Vec quarter[4] = {dia, Vec{dia.val >> 9, dia.xm >> 9}, dib, Vec{dib.val >> 9, dib.xm >> 9}};
                uint32_t word = (ad.val >> 5) & 0x1FF;
                for (int q = 0; q < 4; ++q)
                    if (ad.bit(q) == 1) put(b.rows[2 * word + uint32_t(q / 2)], 9 * (q % 2), quarter[q]);
            } else {  // if (rstb) {dob, doa} <= 0; else if (enable_b) {dob, doa} <= {rows[2w + 1], rows[2w]}
                if (rst == 1) {
                    push_nba(ci, 2, 1, 0, Vec{0, 0});
                    push_nba(ci, 2, 0, 0, Vec{0, 0});
                } else if (enable == 1) {
                    bool unknown = ad.xm & 0x3FE0;
                    uint32_t word = (ad.val >> 5) & 0x1FF;
                    push_nba(ci, 2, 1, 0, unknown ? VEC_X18 : b.rows[2 * word + 1]);
                    push_nba(ci, 2, 0, 0, unknown ? VEC_X18 : b.rows[2 * word]);
                }
            }
            return;
        }
        int width = b.width[port];
        Vec di = bram_bits(cell, base + BR_DI, 18);
        uint32_t mask = width == 18 ? 0x3FFFF : 0x1FF;
        if (rst == 1) push_nba(ci, 2, uint8_t(port), 0, Vec{0, 0});
        else if (v_and(enable, v_or(v_not(we), b.writemode[port] == 2 ? 1 : 0)) == 1)
            push_nba(ci, 2, uint8_t(port), 0, bram_read(b, width, ad));
        else if (v_and(enable, b.writemode[port] == 1 ? 1 : 0) == 1)
            push_nba(ci, 2, uint8_t(port), 0, Vec{di.val & mask, di.xm & mask});
        if (v_and(enable, we) == 1) bram_write(b, width, ad, di);
    }

    // --- building ----------------------------------------------------------------------
    struct Params {
        std::map<std::string, int64_t> numbers;
        std::map<std::string, std::string> texts, hexes;
        int64_t number(const std::string& key) const { auto it = numbers.find(key); return it == numbers.end() ? 0 : it->second; }
        // a text setting (a number as its decimal text), or unset
        std::string text(const std::string& key, const std::string& unset = "") const {
            auto it = texts.find(key);
            if (it != texts.end()) return it->second;
            auto number = numbers.find(key);
            return number == numbers.end() ? unset : std::to_string(number->second);
        }
        // a number in hex digits, as wide ones are written
        std::map<std::string, std::string> all_hex() const {
            std::map<std::string, std::string> all = hexes;
            for (auto& [key, value] : numbers) {
                char digits[32];
                std::snprintf(digits, sizeof digits, "%llx", (unsigned long long)value);
                all.emplace(key, digits);
            }
            return all;
        }
    };

    // while building: each copy's cell and slot (copy_action, once the cells are built)
    std::vector<std::pair<uint32_t, int>> copy_place;

    int32_t add_copy(Cell& cell, uint32_t ci, int slot, int32_t n, Time delay, bool invert = false) {
        Copy c{};
        if (delay < 0 || delay > INT32_MAX) fail("a delay out of range: " + std::to_string(delay));
        c.delay = int32_t(delay);
        c.slot = uint32_t(cell.slot + slot);
        c.invert = invert;
        copies.push_back(c);
        copy_place.emplace_back(ci, slot);
        int32_t index = int32_t(copies.size() - 1);
        slots[size_t(cell.slot + slot)] = index;
        fanout_build[size_t(n)].push_back(index);
        return index;
    }

    void build_cell(const std::string& type, const std::string& name, const Params& params, std::map<std::string, int32_t>& pins) {
        Cell cell{};
        cell.qnet = -1;
        cell.aux = -1;
        uint32_t ci = uint32_t(cells.size());
        auto param = [&](const std::string& key) { return params.number(key); };
        auto pin = [&](const std::string& key, int32_t open) { auto it = pins.find(key); return it == pins.end() || it->second < 0 ? open : it->second; };
        auto connected = [&](const std::string& key) { auto it = pins.find(key); return it != pins.end() && it->second >= 0; };
        // an output: its net, or a net of its own if unconnected
        auto output = [&](const std::string& key) { auto it = pins.find(key); return it == pins.end() || it->second < 0 ? new_net(X) : it->second; };
        auto reserve = [&](int nslots, int nouts) {
            cell.slot = int32_t(slots.size());
            slots.insert(slots.end(), size_t(nslots), -1);
            cell.out = int32_t(outs.size());
            outs.insert(outs.end(), size_t(nouts), -1);
        };
        // a text setting, one of values (the first, the model's default, if unset)
        auto expect = [&](const std::string& key, std::initializer_list<const char*> values) {
            std::string value = params.text(key, *values.begin());
            for (const char* v : values) if (value == v) return value;
            fail(type + " " + name + ": " + key + " " + value + " is not modelled by the engine; use --engine icarus");
            return value;
        };
        if (type == "ICESTORM_LC") {
            cell.type = T_ICESTORM_LC;
            reserve(LC_SLOTS, 2);
            cell.init = uint32_t(param("LUT_INIT"));
            bool dff = param("DFF_ENABLE"), carry = param("CARRY_ENABLE");
            cell.mode = uint16_t((dff ? 1 : 0) | (carry ? 2 : 0) | (param("ASYNC_SR") ? 4 : 0) | (param("SET_NORESET") ? 8 : 0));
            const char* inputs[4] = {"I0", "I1", "I2", "I3"};
            outs[size_t(cell.out)] = output("O");
            if (dff) {
                // an unconnected input reads 0 (`(I === 1'bz) ? 1'b0 : I`), CEN 1, CLK x (z ^ NEG_CLK)
                for (int i = 0; i < 4; ++i) add_copy(cell, ci, i, pin(inputs[i], 0), param(std::string("SU_") + inputs[i]));
                add_copy(cell, ci, LC_SR, pin("SR", 0), param("SU_SR"));
                add_copy(cell, ci, LC_CEN, pin("CEN", 1), param("SU_CEN"));
                add_copy(cell, ci, LC_CLK, pin("CLK", 2), param("D_CLK"), param("NEG_CLK") != 0);
                cell.qnet = new_net(0);
                add_copy(cell, ci, LC_Q, cell.qnet, param("D_CLK_O"));
            } else {
                for (int i = 0; i < 4; ++i)
                    add_copy(cell, ci, i, pin(inputs[i], 0), param(std::string("D_") + inputs[i] + "_O"));
            }
            if (carry) {
                outs[size_t(cell.out) + 1] = output("COUT");
                add_copy(cell, ci, LC_C1, pin("I1", 0), param("D_I1_COUT"));
                add_copy(cell, ci, LC_C2, pin("I2", 0), param("D_I2_COUT"));
                int32_t cin = param("CIN_CONST") ? int32_t(param("CIN_SET") ? 1 : 0) : pin("CIN", 0);
                add_copy(cell, ci, LC_CC, cin, param("D_CIN_COUT"));
            } else if (connected("COUT")) {
                outs[size_t(cell.out) + 1] = pins["COUT"];  // assign COUT = 1'b0
            }
        } else if (type == "SB_GB" || type == "DCCA") {
            cell.type = T_BUF;
            reserve(1, 1);
            bool gb = type == "SB_GB";
            outs[size_t(cell.out)] = output(gb ? "GLOBAL_BUFFER_OUTPUT" : "CLKO");
            add_copy(cell, ci, 0, pin(gb ? "USER_SIGNAL_TO_GLOBAL_BUFFER" : "CLKI", gb ? 0 : 2), param(gb ? "D_IN_OUT" : "D_CLKI_CLKO"));
        } else if (type == "TRELLIS_RAMW") {
            cell.type = T_BUF;
            reserve(8, 8);
            static const char* outputs[8] = {"WADO0", "WADO1", "WADO2", "WADO3", "WDO0", "WDO1", "WDO2", "WDO3"};
            static const char* inputs[8] = {"D0", "B0", "C0", "A0", "C1", "A1", "D1", "B1"};
            for (int k = 0; k < 8; ++k) {
                outs[size_t(cell.out + k)] = output(outputs[k]);
                add_copy(cell, ci, k, pin(inputs[k], 2), param(std::string("D_") + inputs[k] + "_" + outputs[k]));
            }
        } else if (type == "TRELLIS_COMB") {
            cell.type = T_COMB;
            reserve(CB_SLOTS, 3);
            cell.init = uint32_t(param("INITVAL")) & 0xFFFF;
            std::string mode = expect("MODE", {"LOGIC", "CCU2", "DPRAM", "RAMW_BLOCK"});
            std::string wide = expect("WIDE_MUX", {"NONE", "PFUMX", "L6MUX21"});
            expect("CCU2_INJECT1", {"YES", "NO"});
            bool inject = params.text("CCU2_INJECT1", "YES") == "YES";
            int m = mode == "LOGIC" ? CM_LOGIC : mode == "CCU2" ? CM_CCU2 : mode == "DPRAM" ? CM_DPRAM : CM_RAMW;
            cell.mode = uint16_t(m | (inject ? CM_INJECT : 0) | (wide == "PFUMX" ? CM_PFUMX : 0) | (wide == "L6MUX21" ? CM_L6MUX : 0));
            for (int k = 0; k < 3; ++k) outs[size_t(cell.out + k)] = output(k == 0 ? "F" : k == 1 ? "FCO" : "OFX");
            static const char* lut[4] = {"A", "B", "C", "D"};
            // open A-D read 1, open FCI 0; open M, F1, FXA, FXB: x (z in Icarus)
            if (m != CM_RAMW) {
                for (int i = 0; i < 4; ++i) add_copy(cell, ci, CB_F + i, pin(lut[i], 1), param(std::string("D_") + lut[i] + "_F"));
            }
            if (m == CM_CCU2) {
                add_copy(cell, ci, CB_FCI_F, pin("FCI", 0), param("D_FCI_F"));
                for (int i = 0; i < 4; ++i) add_copy(cell, ci, CB_FCO + i, pin(lut[i], 1), param(std::string("D_") + lut[i] + "_FCO"));
                add_copy(cell, ci, CB_FCI_FCO, pin("FCI", 0), param("D_FCI_FCO"));
            }
            if (wide == "PFUMX") {
                for (int i = 0; i < 4; ++i) add_copy(cell, ci, CB_OFX + i, pin(lut[i], 1), param(std::string("D_") + lut[i] + "_OFX"));
                add_copy(cell, ci, CB_M, pin("M", 2), param("D_M_OFX"));
                add_copy(cell, ci, CB_F1, pin("F1", 2), param("D_F1_OFX"));
            } else if (wide == "L6MUX21") {
                add_copy(cell, ci, CB_M, pin("M", 2), param("D_M_OFX"));
                add_copy(cell, ci, CB_FXA, pin("FXA", 2), param("D_FXA_OFX"));
                add_copy(cell, ci, CB_FXB, pin("FXB", 2), param("D_FXB_OFX"));
            }
            if (m == CM_DPRAM) {
                bool wck_inv = expect("WCKMUX", {"WCK", "INV"}) == "INV";
                bool wre_inv = expect("WREMUX", {"WRE", "INV"}) == "INV";
                add_copy(cell, ci, CB_WCK, pin("WCK", 2), param("D_WCK"), wck_inv);
                add_copy(cell, ci, CB_WD, pin("WD", 2), param("SU_WD"));
                for (int k = 0; k < 4; ++k) add_copy(cell, ci, CB_WAD + k, pin("WAD" + std::to_string(k), 2), param("SU_WAD" + std::to_string(k)));
                add_copy(cell, ci, CB_WRE, pin("WRE", 2), param("SU_WRE"), wre_inv);
                cell.aux = int32_t(rams.size());
                rams.push_back(Dpram{Vec{cell.init, 0}, Vec{cell.init, 0}});
            }
        } else if (type == "TRELLIS_FF") {
            cell.type = T_FF;
            reserve(FF_SLOTS, 1);
            std::string cemux = expect("CEMUX", {"1", "0", "CE", "INV"});
            bool clk_inv = expect("CLKMUX", {"CLK", "INV"}) == "INV";
            bool lsr_inv = expect("LSRMUX", {"LSR", "INV"}) == "INV";
            bool async = expect("SRMODE", {"LSR_OVER_CE", "ASYNC"}) == "ASYNC";
            expect("LSRMODE", {"LSR"});
            bool set = expect("REGSET", {"RESET", "SET"}) == "SET";
            bool sd = expect("SD", {"0", "1"}) == "1";
            int ce = cemux == "1" ? 0 : cemux == "0" ? 1 : cemux == "CE" ? 2 : 3;
            cell.mode = uint16_t(ce | (connected("LSR") ? FM_LSR : 0) | (async ? FM_ASYNC : 0) | (set ? FM_SET : 0) | (sd ? FM_SD : 0));
            outs[size_t(cell.out)] = output("Q");
            add_copy(cell, ci, FF_CLK, pin("CLK", 2), param("D_CLK"), clk_inv);
            add_copy(cell, ci, sd ? FF_DI : FF_M, pin(sd ? "DI" : "M", 2), param(sd ? "SU_DI" : "SU_M"));
            if (ce >= 2) add_copy(cell, ci, FF_CE, pin("CE", 2), param("SU_CE"));
            if (connected("LSR")) add_copy(cell, ci, FF_LSR, pins["LSR"], param("SU_LSR"), lsr_inv);
            cell.qnet = new_net(X);
            add_copy(cell, ci, FF_Q, cell.qnet, param("D_CLK_Q"));
        } else if (type == "DP16KD") {
            cell.type = T_DP16KD;
            reserve(BR_SLOTS, 36);
            Bram b;
            for (int p = 0; p < 2; ++p) {
                std::string port(1, char('A' + p));
                b.width[p] = params.numbers.count("DATA_WIDTH_" + port) ? int(param("DATA_WIDTH_" + port)) : 18;
                if (b.width[p] != 9 && b.width[p] != 18 && b.width[p] != 36)
                    fail("DP16KD " + name + ": DATA_WIDTH_" + port + " " + std::to_string(b.width[p]) + " is not modelled by the engine; use --engine icarus");
                expect("REGMODE_" + port, {"NOREG"});
                std::string wm = expect("WRITEMODE_" + port, {"NORMAL", "WRITETHROUGH", "READBEFOREWRITE"});
                b.writemode[p] = uint8_t(wm == "NORMAL" ? 0 : wm == "WRITETHROUGH" ? 1 : 2);
                std::string decode = params.text("CSDECODE_" + port, "0b000");
                if (decode.size() != 5 || decode.compare(0, 2, "0b") != 0)
                    fail("DP16KD " + name + ": CSDECODE_" + port + " " + decode + " is not modelled by the engine; use --engine icarus");
                b.decode[p] = uint8_t((decode[4] == '1') | ((decode[3] == '1') << 1) | ((decode[2] == '1') << 2));
            }
            b.wide = b.width[1] == 36;
            if ((b.width[0] == 36) != b.wide) fail("DP16KD " + name + ": DATA_WIDTH 36 on one port only is not modelled; use --engine icarus");
            b.async_reset = expect("RESETMODE", {"SYNC", "ASYNC"}) == "ASYNC";
            // the rows: INITVAL_00..3F hold 16 rows of 20 bits each, a row's 18 bits at the bottom
            b.rows.assign(1024, Vec{0, 0});
            for (auto& [key, digits] : params.all_hex()) {
                if (key.compare(0, 8, "INITVAL_") != 0) continue;
                int block = int(std::strtol(key.c_str() + 8, nullptr, 16));
                for (int r = 0; r < 16; ++r) {
                    uint32_t row = 0;
                    for (int bit = 0; bit < 18; ++bit) {
                        int position = 20 * r + bit, digit = int(digits.size()) - 1 - position / 4;
                        if (digit < 0) continue;
                        char ch = digits[size_t(digit)];
                        int value = (ch >= '0' && ch <= '9') ? ch - '0' : (ch >= 'a' && ch <= 'f') ? ch - 'a' + 10 : ch - 'A' + 10;
                        row |= uint32_t((value >> (position % 4)) & 1) << bit;
                    }
                    b.rows[size_t(16 * block + r)].val = row;
                }
            }
            b.init = b.rows;
            // ctl(pin, <pin>MUX, unset): "0"/"1" the value; an open pin: unset without a setting, else
            // 1 unless "INV"; a connected pin, inverted by "INV"
            auto ctl = [&](int slot, const std::string& key, int32_t unset, Time delay) {
                std::string mux = params.text(key + "MUX");
                int32_t source;
                bool invert = false;
                if (mux == "0" || mux == "1") source = mux == "1" ? 1 : 0;
                else if (!connected(key)) source = mux.empty() ? unset : mux != "INV" ? 1 : 0;
                else { source = pins[key]; invert = mux == "INV"; }
                add_copy(cell, ci, slot, source, delay, invert);
            };
            ctl(0, "CLKA", 1, param("D_CLKA"));
            ctl(1, "CLKB", 1, param("D_CLKB"));
            for (int p = 0; p < 2; ++p) {
                std::string port(1, char('A' + p));
                int base = 2 + p * BR_PORT;
                ctl(base + BR_CE, "CE" + port, 1, param("SU_CE" + port));
                ctl(base + BR_WE, "WE" + port, 1, param("SU_WE" + port));
                ctl(base + BR_RST, "RST" + port, 1, param("SU_RST" + port));
                for (int k = 0; k < 3; ++k) ctl(base + BR_CS + k, "CS" + port + std::to_string(k), 1, param("SU_CS" + port + std::to_string(k)));
                for (int k = 0; k < 18; ++k) ctl(base + BR_DI + k, "DI" + port + std::to_string(k), 0, param("SU_DI" + port + std::to_string(k)));
                for (int k = 0; k < 14; ++k) ctl(base + BR_AD + k, "AD" + port + std::to_string(k), 0, param("SU_AD" + port + std::to_string(k)));
            }
            for (int p = 0; p < 2; ++p)
                for (int k = 0; k < 18; ++k) outs[size_t(cell.out + 18 * p + k)] = output(std::string("DO") + char('A' + p) + std::to_string(k));
            Time delays[2] = {b.wide ? param("D_CLKB_DOA") : param("D_CLKA_DOA"), param("D_CLKB_DOB")};
            for (int p = 0; p < 2; ++p) {
                VCopy v{};
                v.cell = int32_t(ci);
                v.delay = delays[p];
                v.val = VEC_X18;
                v.width = 18;
                v.out = cell.out + 18 * p;
                vcopies.push_back(v);
                b.vcopy[p] = int32_t(vcopies.size() - 1);
            }
            cell.aux = int32_t(brams.size());
            brams.push_back(b);
        } else {
            fail("no model for cell type " + type + " (instance " + name + ")");
        }
        // its inputs: up to the last slot it has a copy in (the others it never reads)
        size_t used = slots.size();
        while (used > size_t(cell.slot) && slots[used - 1] < 0) used--;
        slots.resize(used);
        cells.push_back(cell);
    }

    void load(const char* path) {
        FILE* f = std::fopen(path, "r");
        if (!f) fail(std::string("cannot read the design ") + path);
        std::string text;
        char buffer[1 << 16];
        size_t n;
        while ((n = std::fread(buffer, 1, sizeof buffer, f)) > 0) text.append(buffer, n);
        std::fclose(f);
        std::istringstream in(text);
        std::string word, type, name;
        int version = 0;
        if (!(in >> word >> version) || word != "hashbed-engine" || version != 2) fail("not a hashbed-engine 2 design");
        Params params;
        std::map<std::string, int32_t> pins;
        while (in >> word) {
            if (word == "nets") {
                long count;
                in >> count;
                for (long i = 0; i < count; ++i) new_net(i == 0 ? 0 : i == 1 ? 1 : X);
            } else if (word == "port") {
                Port port;
                int width;
                in >> port.name >> width;
                port.nets.resize(size_t(width));
                for (auto& p : port.nets) in >> p;
                ports[port.name] = port;
            } else if (word == "cell") {
                in >> type >> name;
                params = Params();
                pins.clear();
            } else if (word == "param") {
                std::string key;
                int64_t value;
                in >> key >> value;
                params.numbers[key] = value;
            } else if (word == "text" || word == "hex") {
                std::string key, value;
                in >> key >> value;  // a text is written "=VALUE" (it may be empty)
                (word == "text" ? params.texts : params.hexes)[key] = value.substr(word == "text" ? 1 : 0);
            } else if (word == "pin") {
                std::string key;
                int32_t value;
                in >> key >> value;
                if (value >= int32_t(net_init.size())) fail("pin " + key + " of " + name + ": no such net");
                pins[key] = value;
            } else if (word == "end") {
                build_cell(type, name, params, pins);
            } else {
                fail("design: unexpected '" + word + "'");
            }
        }
        for (size_t i = 0; i < cells.size(); ++i) {
            size_t end = i + 1 < cells.size() ? size_t(cells[i + 1].out) : outs.size();
            for (size_t k = 0; k < 3; ++k) cells[i].o[k] = size_t(cells[i].out) + k < end ? outs[size_t(cells[i].out) + k] : -1;
        }
        for (size_t i = 0; i < copies.size(); ++i) copy_action(copies[i], copy_place[i].first, copy_place[i].second);
        // renumber the copies: each net's fan-out contiguous, in the order they were added
        fan_begin.assign(net_init.size() + 1, 0);
        for (size_t i = 0; i < net_init.size(); ++i) fan_begin[i + 1] = fan_begin[i] + int32_t(fanout_build[i].size());
        std::vector<Copy> ordered;
        ordered.reserve(copies.size());
        for (auto& list : fanout_build)
            for (int32_t ci : list) {
                slots[copies[size_t(ci)].slot] = int32_t(ordered.size());
                ordered.push_back(copies[size_t(ci)]);
            }
        copies.swap(ordered);
        fanout_build.clear();
        copy_place.clear();
        pending.assign(cells.size(), 0);
        empty_buckets();
        occupied.assign(size_t(WHEEL >> 6), 0);
    }

    // --- a run from time 0 --------------------------------------------------------------
    void reset() {
        now = 0;
        seq = 0;
        empty_buckets();
        free_node = -1;
        std::fill(occupied.begin(), occupied.end(), 0);
        in_wheel = 0;
        active.clear();
        far = {};
        nba.clear();
        finished = false;
        net.assign(net_init.size(), X);
        input.assign(slots.size() + 4, X);  // lut_at reads 4 at once
        std::fill(pending.begin(), pending.end(), 0);
        for (auto& c : copies) { c.count = 0; c.head = 0; }
        for (auto& c : vcopies) { c.val = VEC_X18; c.count = 0; c.head = 0; }
        for (auto& cell : cells) { cell.q = 0; cell.lut_reg = X; }
        for (auto& r : rams) r.ram = r.init;
        for (auto& b : brams) { b.rows = b.init; b.latch[0] = b.latch[1] = Vec{0, 0}; }
    }

    // time 0: constants and the testbench's initial values reach the cells, every cell
    // function runs once, every register reaches its output copy
    void start(const std::vector<std::pair<int32_t, Val>>& inputs) {
        for (size_t n = 0; n < 2; ++n) {
            net[n] = X;
            set_net(int32_t(n), Val(n));
        }
        for (auto& [n, v] : inputs) set_net(n, v);
        for (uint32_t ci = 0; ci < cells.size(); ++ci) {
            Cell& cell = cells[ci];
            switch (cell.type) {
                case T_ICESTORM_LC:
                    if (cell.mode & 1) {
                        defer(ci, 2);
                        set_net(cell.qnet, 0);
                    } else {
                        defer(ci, 0);
                    }
                    if (cell.mode & 2) defer(ci, 1);
                    else if (out(cell, 1) >= 0) set_net(out(cell, 1), 0);
                    break;
                case T_COMB:
                    if ((cell.mode & CM_MODE) != CM_RAMW) defer(ci, 0);  // RAMW_BLOCK: F = x
                    if ((cell.mode & CM_MODE) == CM_CCU2) defer(ci, 1);
                    if (cell.mode & (CM_PFUMX | CM_L6MUX)) defer(ci, 2);
                    break;
                case T_FF:
                    cell.q = (cell.mode & FM_SET) ? 1 : 0;
                    set_net(cell.qnet, cell.q);
                    break;
                case T_DP16KD: {
                    const Bram& b = brams[size_t(cell.aux)];
                    for (int p = 0; p < 2; ++p) vcopy_recv(b.vcopy[p], b.latch[p]);
                    break;
                }
                default:
                    break;
            }
        }
    }

    template <typename Tb>
    void dispatch(Ev ev, Tb& tb) {
        uint32_t id = ev >> 4, kind = ev & 15;
        if (kind == EV_COPY) copy_wake(int32_t(id));
        else if (kind >= 8) process(id, int(kind));
        else if (kind >= EV_EVAL) eval(id, int(kind - EV_EVAL));
        else if (kind == EV_VCOPY) vcopy_wake(int32_t(id));
        else tb.step(*this);
        events++;
    }

    template <typename Tb>
    void run(Tb& tb) {
        Time t;
        while (!finished && next_time(t)) {
            now = t;
            size_t b = size_t(t & (WHEEL - 1));
            if (!far.empty() && far.top().t == t) {  // they go first: they were scheduled first
                int32_t first = -1, last = -1;
                while (!far.empty() && far.top().t == t) {
                    int32_t n = node(far.top().ev);
                    far.pop();
                    if (last < 0) first = n; else pool[size_t(last)].next = n;
                    last = n;
                    in_wheel++;
                }
                pool[size_t(last)].next = pool[b].next;
                if (pool[b].ev == Ev(b)) pool[b].ev = Ev(last);
                pool[b].next = first;
            }
            uint64_t step_events = 0;
            // the bucket's events (scheduled before this time; nothing joins them now)
            int32_t n = pool[b].next;
            while (n >= 0 && !finished) {
                int32_t next = pool[size_t(n)].next;
                dispatch(pool[size_t(n)].ev, tb);
                pool[size_t(n)].next = free_node;
                free_node = n;
                in_wheel--;
                n = next;
                if (++step_events > 50000000) fail("the simulation does not settle at one time (a zero-delay loop?)");
            }
            pool[b].next = n;
            if (n < 0) {
                pool[b].ev = Ev(b);
                occupied[b >> 6] &= ~(uint64_t(1) << (b & 63));
            }
            for (;;) {
                // then those scheduled now
                for (size_t i = 0; i < active.size() && !finished; ++i) {
                    dispatch(active[i], tb);
                    if (++step_events > 50000000) fail("the simulation does not settle at one time (a zero-delay loop?)");
                }
                active.clear();
                if (nba.empty() || finished) break;
                nba_run.swap(nba);
                for (auto& n : nba_run) apply_nba(n);
                nba_run.clear();
            }
        }
    }

    const Port& port(const std::string& name) {
        auto it = ports.find(name);
        if (it == ports.end()) fail("the design has no port " + name);
        return it->second;
    }
};

static std::string hex(const std::vector<Val>& bits) {
    // $display("%h"): a digit of x bits is x, one with some x bits X
    size_t digits = (bits.size() + 3) / 4;
    std::string text(digits, '0');
    for (size_t d = 0; d < digits; ++d) {
        int value = 0, unknown = 0, count = 0;
        for (size_t b = 0; b < 4 && d * 4 + b < bits.size(); ++b, ++count) {
            Val v = bits[d * 4 + b];
            if (v == X) unknown++;
            else value |= v << b;
        }
        text[digits - 1 - d] = unknown == count ? 'x' : unknown ? 'X' : "0123456789abcdef"[value];
    }
    return text;
}

static std::vector<Val> read_bits(Engine& e, const Port& p) {
    std::vector<Val> bits(p.nets.size());
    for (size_t i = 0; i < bits.size(); ++i) bits[i] = e.net[size_t(p.nets[i])];
    return bits;
}

// core_tb.v, a hash core's (LWC = 0: one input stream, din/src_ready/src_read) or an LWC core's (LWC = 1:
// pdi, then sdi, each data/valid/ready), one testbench of input streams: at a rising edge a
// stream whose word the core reads (ready, and a word left) moves on, the first stream's first
// read is "first"; the words written (the output's valid) are printed.
struct InputStream {
    std::vector<std::vector<Val>> words;
    std::vector<int32_t> data;
    int32_t valid, ready;
    long index = 0;
    long count() const { return long(words.size()); }
};

struct CoreTb {
    Time period, input_delay;
    long max_cycles, outputs;
    std::vector<InputStream> streams;
    int32_t clk, rst;
    int32_t write;  // the output's valid (dst_write, do_valid)
    const Port* dout;
    int stage = 0, slow = 0;
    long cycle = 0, written = 0, first = -1, last = -1;
    std::string text;

    void wait(Engine& e, Time delay, int next) {
        stage = next;
        e.schedule(e.now + delay, event(0, EV_TB));
    }
    void set(Engine& e, int32_t n, Val v) {
        if (n >= 2) e.set_net(n, v);
    }
    void step(Engine& e) {
        switch (stage) {
            case 0:  // for (i = 0; i < 4; i = i + 1) begin #50000 clk = 1'b1; #50000 clk = 1'b0; end
                wait(e, 50000, 1);
                break;
            case 1:
                set(e, clk, 1);
                wait(e, 50000, 2);
                break;
            case 2:
                set(e, clk, 0);
                if (++slow < 4) wait(e, 50000, 1);
                else wait(e, period - period / 2, 3);
                break;
            case 3: {  // a rising edge
                if (cycle >= max_cycles) {
                    text += "timeout\n";
                    e.finished = true;
                    return;
                }
                for (size_t s = 0; s < streams.size(); ++s) {
                    InputStream& in = streams[s];
                    if (cycle > 0 && e.net[size_t(in.ready)] == 1 && in.index < in.count()) {
                        if (s == 0 && first < 0) first = cycle;
                        in.index++;
                    }
                }
                if (cycle > 0 && e.net[size_t(write)] == 1) {
                    text += "out " + hex(read_bits(e, *dout)) + "\n";
                    written++;
                    last = cycle;
                }
                if (written == outputs) {
                    text += "first " + std::to_string(first) + "\nlast " + std::to_string(last) + "\ndone\n";
                    e.finished = true;
                    return;
                }
                set(e, clk, 1);
                wait(e, input_delay, 4);
                break;
            }
            case 4:
                set(e, rst, 0);
                for (InputStream& in : streams) {
                    const bool more = in.index < in.count();
                    set(e, in.valid, more ? 1 : 0);
                    for (size_t b = 0; b < in.data.size(); ++b) set(e, in.data[b], more ? in.words[size_t(in.index)][b] : 0);
                }
                wait(e, period / 2 - input_delay, 5);
                break;
            case 5:
                set(e, clk, 0);
                cycle++;
                wait(e, period - period / 2, 3);
                break;
        }
    }
};

// calibration_tb.v
struct CalibrationTb {
    Time period;
    long cycles;
    int32_t clk, rst;
    const Port* sum;
    int stage = 0, slow = 0;
    long cycle = 0;
    std::string text;

    void wait(Engine& e, Time delay, int next) {
        stage = next;
        e.schedule(e.now + delay, event(0, EV_TB));
    }
    void sample(Engine& e) { text += "sample " + hex(read_bits(e, *sum)) + "\n"; }
    void step(Engine& e) {
        switch (stage) {
            case 0:
                wait(e, 50000, 1);
                break;
            case 1:
                if (clk >= 2) e.set_net(clk, 1);
                wait(e, 50000, 2);
                break;
            case 2:
                if (clk >= 2) e.set_net(clk, 0);
                ++slow;
                if (slow == 4 && rst >= 2) e.set_net(rst, 0);
                if (slow < 8) wait(e, 50000, 1);
                else if (cycles > 0) wait(e, period - period / 2 - 1, 3);
                else wait(e, 50000, 6);
                break;
            case 3:
                sample(e);
                wait(e, 1, 4);
                break;
            case 4:
                if (clk >= 2) e.set_net(clk, 1);
                wait(e, period / 2, 5);
                break;
            case 5:
                if (clk >= 2) e.set_net(clk, 0);
                if (++cycle < cycles) wait(e, period - period / 2 - 1, 3);
                else wait(e, 50000, 6);
                break;
            case 6:
                sample(e);
                e.finished = true;
                break;
        }
    }
};

static std::vector<Val> parse_word(const std::string& hexword, size_t width) {
    std::vector<Val> bits(width, 0);
    size_t b = 0;
    for (size_t i = hexword.size(); i-- > 0 && b < width;) {
        char ch = hexword[i];
        int value = (ch >= '0' && ch <= '9') ? ch - '0' : (ch >= 'a' && ch <= 'f') ? ch - 'a' + 10 : (ch >= 'A' && ch <= 'F') ? ch - 'A' + 10 : -1;
        if (value < 0) fail("not a hex word: " + hexword);
        for (int k = 0; k < 4 && b < width; ++k, ++b) bits[b] = Val((value >> k) & 1);
    }
    return bits;
}

static int32_t single(Engine& e, const char* name) {
    const Port& p = e.port(name);
    if (p.nets.size() != 1) fail(std::string("port ") + name + " is not one bit");
    return p.nets[0];
}

int main(int argc, char** argv) {
    if (argc != 2) fail("usage: engine DESIGN");
    Engine e;
    e.load(argv[1]);
    std::printf("ready %zu cells %zu copies\nend\n", e.cells.size(), e.copies.size());
    std::fflush(stdout);
    std::string line;
    while (std::getline(std::cin, line)) {
        std::istringstream in(line);
        std::string command;
        if (!(in >> command)) continue;
        if (command == "quit") break;
        e.reset();
        if (command == "core" || command == "lwc") {
            // core: one stream (din); lwc: pdi, then sdi (SDI_COUNT words, possibly none)
            const bool lwc = command == "lwc";
            CoreTb tb;
            long count = 0, sdi_count = 0;
            in >> tb.period >> tb.input_delay >> tb.max_cycles >> tb.outputs >> count;
            if (lwc) in >> sdi_count;
            if (!in || count < 1 || sdi_count < 0) fail(command + ": bad arguments");
            bool refused = 2 * tb.input_delay >= tb.period;  // core_tb.v refuses the run
            struct Names { const char *data, *valid, *ready; long count; };
            std::vector<Names> names;
            if (lwc) names = {{"pdi_data", "pdi_valid", "pdi_ready", count}, {"sdi_data", "sdi_valid", "sdi_ready", sdi_count}};
            else names = {{"din", "src_ready", "src_read", count}};
            for (const Names& n : names) {
                InputStream stream;
                const Port& data = e.port(n.data);
                stream.data = data.nets;
                stream.valid = single(e, n.valid);
                stream.ready = single(e, n.ready);
                for (long i = 0; i < n.count; ++i) {
                    std::string word;
                    if (!(in >> word)) fail(command + ": fewer words than the counts");
                    stream.words.push_back(parse_word(word, data.nets.size()));
                }
                tb.streams.push_back(stream);
            }
            tb.dout = &e.port(lwc ? "do_data" : "dout");
            tb.clk = single(e, "clk");
            tb.rst = single(e, "rst");
            tb.write = single(e, lwc ? "do_valid" : "dst_write");
            std::vector<std::pair<int32_t, Val>> inputs = {{tb.clk, 0}, {tb.rst, 1}};
            for (const InputStream& stream : tb.streams) inputs.push_back({stream.valid, 0});
            inputs.push_back({single(e, lwc ? "do_ready" : "dst_ready"), 1});
            for (const InputStream& stream : tb.streams)
                for (int32_t n : stream.data) inputs.push_back({n, 0});
            if (refused) {
                tb.text = "error: input_delay must be below half the period\n";
            } else {
                e.start(inputs);
                e.schedule(0, event(0, EV_TB));
                e.run(tb);
                if (!e.finished) tb.text += "timeout\n";
            }
            std::fputs(tb.text.c_str(), stdout);
        } else if (command == "calibration") {
            CalibrationTb tb;
            int mode = 0;
            in >> tb.period >> tb.cycles >> mode;
            if (!in) fail("calibration: bad arguments");
            tb.clk = single(e, "clk");
            tb.rst = single(e, "rst");
            tb.sum = &e.port("sum");
            e.start({{tb.clk, 0}, {tb.rst, 1}, {single(e, "mode"), Val(mode ? 1 : 0)}});
            e.schedule(0, event(0, EV_TB));
            e.run(tb);
            std::fputs(tb.text.c_str(), stdout);
        } else {
            fail("unknown command " + command);
        }
        std::printf("events %llu\nend\n", (unsigned long long)e.events);
        std::fflush(stdout);
    }
    return 0;
}
