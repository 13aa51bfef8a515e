// hashbed's fast timing engine: an event-driven simulator of a routed cell netlist with
// its delays, the same netlist and cell models that Icarus simulates in the post-route
// timing simulation (ice40_cells.v, core_tb.v, calibration_tb.v), with the semantics
// Icarus Verilog gives them (docs/methodology.md, "The fast timing engine"):
//
// - Values are 0, 1 and x. Every net starts at x; a flip-flop starts at 0.
// - A delayed copy (`assign #(d) y = a;`) is Icarus's delay functor: a change of its input
//   at time t is scheduled for t + d after cancelling every change still pending after t;
//   a change equal to the oldest pending one is dropped. So a pulse shorter than d is
//   swallowed and one of at least d passes (inertial delay). d = 0: the change is
//   immediate. Every scheduled change has its own wake-up, as in Icarus.
// - Events at one time run in the order they were scheduled (Icarus's active queue);
//   a cell's function of its delayed copies (a LUT, the carry) runs as a deferred
//   evaluation appended to the current time's queue, once however many of its inputs
//   change (Icarus runs a function in a continuous assignment as a thread scheduled the
//   same way). A flip-flop's process is woken by the rising edge of its delayed clock and
//   appended likewise; its register takes the new value in the non-blocking region after
//   the time's active events.
// - The testbenches are those of core_tb.v and calibration_tb.v, event for event.
//
// Usage: engine DESIGN, then commands on stdin, each answered on stdout and ended by a
// line "end" (a line "fatal: ..." before it: the engine stopped):
//   core PERIOD INPUT_DELAY MAX_CYCLES OUTPUTS COUNT WORD...   (words in hex)
//       prints what core_tb.v prints: "out <hex>", "first N", "last N", "done" / "timeout"
//   calibration PERIOD CYCLES MODE
//       prints "sample <hex>" where calibration_tb.v compares the outputs
//
// The design file: "hashbed-engine 1", "nets N" (net 0 is 0, net 1 is 1, net 2 is x), then
// "port NAME WIDTH NET..." lines (least significant bit first) and cells:
// "cell TYPE NAME", "param NAME VALUE" lines, "pin NAME NET" lines (NET -1: unconnected),
// "end". A cell type is a few functions below (build, on_copy, eval, process, nba).

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

static void fail(const std::string& message) {
    std::fprintf(stdout, "fatal: %s\nend\n", message.c_str());
    std::fflush(stdout);
    std::exit(1);
}

static inline Val v_and(Val a, Val b) { return (a == 0 || b == 0) ? 0 : (a == 1 && b == 1) ? 1 : X; }
static inline Val v_or(Val a, Val b) { return (a == 1 || b == 1) ? 1 : (a == 0 && b == 0) ? 0 : X; }
static inline Val v_merge(Val a, Val b) { return a == b ? a : X; }  // `c ? a : b` with c = x
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

enum EvKind : uint8_t { EV_COPY, EV_EVAL, EV_PROCESS, EV_TB };

struct Ev {
    uint64_t seq;
    uint32_t id;
    uint8_t kind, arg;
};

static const int PENDING = 8;  // a power of 2

struct Pending {
    Time t;
    Val v;
};

// The delayed copy of a net into a cell (`assign #(delay) copy = net`, optionally inverted).
struct Copy {
    int32_t net;
    int32_t cell;
    Time delay;
    uint8_t slot, invert, val, head, count;
    Pending pend[PENDING];
};

enum CellType : uint8_t { T_ICESTORM_LC, T_SB_GB };

struct Cell {
    CellType type;
    uint8_t mode;     // ICESTORM_LC: bit 0 DFF_ENABLE, 1 CARRY_ENABLE, 2 ASYNC_SR, 3 SET_NORESET
    uint8_t pending;  // deferred evaluations scheduled (bits), bit 7: process scheduled
    uint8_t q, lut_reg;
    uint32_t init;
    int32_t copy[12];  // copy index per slot, -1 if none
    int32_t out[2];    // output nets, -1 if none
    int32_t qnet;      // ICESTORM_LC flip-flop: the register's net (its O is a delayed copy of it)
};

struct Port {
    std::string name;
    std::vector<int32_t> nets;
};

struct Engine {
    // structure
    std::vector<Val> net_init;
    std::vector<std::vector<int32_t>> fanout_build;
    std::vector<int32_t> fan_begin, fan_list;
    std::vector<Copy> copies;
    std::vector<Cell> cells;
    std::map<std::string, Port> ports;
    // state
    std::vector<Val> net;
    Time now = 0;
    uint64_t seq = 0;
    static const int WHEEL_BITS = 17;
    static const Time WHEEL = Time(1) << WHEEL_BITS;
    std::vector<std::vector<Ev>> wheel;
    std::vector<uint64_t> occupied;
    size_t in_wheel = 0;
    struct Far {
        Time t;
        Ev ev;
        bool operator<(const Far& o) const { return t != o.t ? t > o.t : ev.seq > o.ev.seq; }
    };
    std::priority_queue<Far> far;
    std::vector<std::pair<int32_t, Val>> nba, nba_run;
    uint64_t events = 0;
    bool finished = false;

    int32_t new_net(Val init) {
        net_init.push_back(init);
        fanout_build.emplace_back();
        return int32_t(net_init.size() - 1);
    }

    // --- scheduling ------------------------------------------------------------------
    void schedule(Time t, uint8_t kind, uint32_t id, uint8_t arg = 0) {
        Ev ev{seq++, id, kind, arg};
        if (t - now < WHEEL) {
            size_t b = size_t(t & (WHEEL - 1));
            wheel[b].push_back(ev);
            occupied[b >> 6] |= uint64_t(1) << (b & 63);
            in_wheel++;
        } else {
            far.push(Far{t, ev});
        }
    }

    bool next_time(Time& t) {
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
        for (int32_t i = fan_begin[size_t(n)]; i < fan_begin[size_t(n) + 1]; ++i) copy_recv(fan_list[size_t(i)], v);
    }

    void copy_recv(int32_t ci, Val v) {
        Copy& c = copies[size_t(ci)];
        if (c.invert && v != X) v ^= 1;
        if (c.count) {
            if (c.pend[c.head].v == v) return;
            // cancel pending changes from the oldest on, up to one that is due now (as Icarus does)
            while (c.count && c.pend[c.head].t > now) {
                c.head = (c.head + 1) & (PENDING - 1);
                c.count--;
            }
        }
        if (c.delay == 0 && c.count == 0) {
            copy_set(ci, v);
            return;
        }
        if (c.count == PENDING) fail("internal: too many pending changes on a delayed copy");
        c.pend[(c.head + c.count) & (PENDING - 1)] = Pending{now + c.delay, v};
        c.count++;
        schedule(now + c.delay, EV_COPY, uint32_t(ci));
    }

    void copy_wake(int32_t ci) {
        Copy& c = copies[size_t(ci)];
        if (c.count == 0 || c.pend[c.head].t > now) return;
        Val v = c.pend[c.head].v;
        c.head = (c.head + 1) & (PENDING - 1);
        c.count--;
        copy_set(ci, v);
    }

    void copy_set(int32_t ci, Val v) {
        Copy& c = copies[size_t(ci)];
        Val old = c.val;
        if (old == v) return;
        c.val = v;
        on_copy(uint32_t(c.cell), c.slot, old, v);
    }

    Val cv(const Cell& cell, int slot) const { return copies[size_t(cell.copy[slot])].val; }

    void defer(uint32_t ci, uint8_t which) {
        Cell& cell = cells[ci];
        if (cell.pending & (1u << which)) return;
        cell.pending |= uint8_t(1u << which);
        schedule(now, which == 7 ? EV_PROCESS : EV_EVAL, ci, which);
    }

    // --- cell types ------------------------------------------------------------------
    // ICESTORM_LC slots: 0-3 I0-I3 to O (no flip-flop) or to the flip-flop (setup copies),
    // 4 SR, 5 CEN, 6 CLK, 7 the register to O (D_CLK_O), 8 I1, 9 I2, 10 CIN to COUT.
    // Deferred evaluations: 0 O (LUT), 1 COUT, 2 the LUT into the flip-flop, 7 its process.
    enum { LC_I0 = 0, LC_SR = 4, LC_CEN = 5, LC_CLK = 6, LC_Q = 7, LC_C1 = 8, LC_C2 = 9, LC_CC = 10 };

    void on_copy(uint32_t ci, int slot, Val old, Val v) {
        Cell& cell = cells[ci];
        switch (cell.type) {
            case T_ICESTORM_LC:
                if (slot < 4) defer(ci, (cell.mode & 1) ? 2 : 0);
                else if (slot >= LC_C1) defer(ci, 1);
                else if (slot == LC_CLK) { if (posedge(old, v)) defer(ci, 7); }
                else if (slot == LC_SR) { if ((cell.mode & 4) && posedge(old, v)) defer(ci, 7); }
                else if (slot == LC_Q) set_net(cell.out[0], v);
                break;
            case T_SB_GB:
                set_net(cell.out[0], v);
                break;
        }
    }

    void eval(uint32_t ci, int which) {
        Cell& cell = cells[ci];
        cell.pending &= uint8_t(~(1u << which));
        switch (cell.type) {
            case T_ICESTORM_LC:
                if (which == 0) set_net(cell.out[0], lut4(cell.init, cv(cell, 3), cv(cell, 2), cv(cell, 1), cv(cell, 0)));
                else if (which == 1) {
                    Val c1 = cv(cell, LC_C1), c2 = cv(cell, LC_C2), cc = cv(cell, LC_CC);
                    set_net(cell.out[1], v_or(v_and(c1, c2), v_and(v_or(c1, c2), cc)));
                } else if (which == 2) cell.lut_reg = lut4(cell.init, cv(cell, 3), cv(cell, 2), cv(cell, 1), cv(cell, 0));
                break;
            case T_SB_GB:
                break;
        }
    }

    void process(uint32_t ci) {
        Cell& cell = cells[ci];
        cell.pending &= uint8_t(~(1u << 7));
        if (cell.type != T_ICESTORM_LC) return;
        Val sr = cv(cell, LC_SR), cen = cv(cell, LC_CEN), set = (cell.mode >> 3) & 1;
        if (cell.mode & 4) {  // always @(posedge clk or posedge s_sr) if (s_sr) ... else if (s_cen) ...
            if (sr == 1) nba.push_back({int32_t(ci), set});
            else if (cen == 1) nba.push_back({int32_t(ci), cell.lut_reg});
        } else if (cen == 1) {  // if (s_cen) q <= s_sr ? SET_NORESET : lut_reg
            nba.push_back({int32_t(ci), sr == 1 ? set : sr == 0 ? cell.lut_reg : v_merge(set, cell.lut_reg)});
        }
    }

    void apply_nba(int32_t ci, Val v) {
        Cell& cell = cells[size_t(ci)];
        if (cell.q == v) return;
        cell.q = v;
        set_net(cell.qnet, v);
    }

    // --- building ----------------------------------------------------------------------
    int32_t add_copy(Cell& cell, uint32_t ci, int slot, int32_t n, Time delay, bool invert = false) {
        Copy c{};
        c.net = n;
        c.cell = int32_t(ci);
        c.delay = delay;
        c.slot = uint8_t(slot);
        c.invert = invert;
        c.val = X;
        copies.push_back(c);
        int32_t index = int32_t(copies.size() - 1);
        cell.copy[slot] = index;
        fanout_build[size_t(n)].push_back(index);
        return index;
    }

    void build_cell(const std::string& type, const std::string& name, std::map<std::string, int64_t>& params,
                    std::map<std::string, int32_t>& pins) {
        Cell cell{};
        for (auto& c : cell.copy) c = -1;
        cell.out[0] = cell.out[1] = -1;
        cell.qnet = -1;
        uint32_t ci = uint32_t(cells.size());
        auto param = [&](const char* key) { auto it = params.find(key); return it == params.end() ? int64_t(0) : it->second; };
        // an unconnected input reads 0 (`(I === 1'bz) ? 1'b0 : I`), CEN 1, CLK x (z ^ NEG_CLK)
        auto pin = [&](const char* key, int32_t open) { auto it = pins.find(key); return it == pins.end() || it->second < 0 ? open : it->second; };
        auto output = [&](const char* key) { auto it = pins.find(key); return it == pins.end() ? -1 : it->second; };
        if (type == "ICESTORM_LC") {
            cell.type = T_ICESTORM_LC;
            cell.init = uint32_t(param("LUT_INIT"));
            bool dff = param("DFF_ENABLE"), carry = param("CARRY_ENABLE");
            cell.mode = uint8_t((dff ? 1 : 0) | (carry ? 2 : 0) | (param("ASYNC_SR") ? 4 : 0) | (param("SET_NORESET") ? 8 : 0));
            const char* inputs[4] = {"I0", "I1", "I2", "I3"};
            cell.out[0] = output("O");
            cell.out[1] = output("COUT");
            if (cell.out[0] < 0) cell.out[0] = new_net(X);
            if (cell.out[1] < 0) cell.out[1] = new_net(X);
            if (dff) {
                for (int i = 0; i < 4; ++i) add_copy(cell, ci, i, pin(inputs[i], 0), param((std::string("SU_") + inputs[i]).c_str()));
                add_copy(cell, ci, LC_SR, pin("SR", 0), param("SU_SR"));
                add_copy(cell, ci, LC_CEN, pin("CEN", 1), param("SU_CEN"));
                add_copy(cell, ci, LC_CLK, pin("CLK", 2), param("D_CLK"), param("NEG_CLK") != 0);
                cell.qnet = new_net(0);
                add_copy(cell, ci, LC_Q, cell.qnet, param("D_CLK_O"));
            } else {
                for (int i = 0; i < 4; ++i)
                    add_copy(cell, ci, i, pin(inputs[i], 0), param((std::string("D_") + inputs[i] + "_O").c_str()));
            }
            if (carry) {
                add_copy(cell, ci, LC_C1, pin("I1", 0), param("D_I1_COUT"));
                add_copy(cell, ci, LC_C2, pin("I2", 0), param("D_I2_COUT"));
                int32_t cin = param("CIN_CONST") ? int32_t(param("CIN_SET") ? 1 : 0) : pin("CIN", 0);
                add_copy(cell, ci, LC_CC, cin, param("D_CIN_COUT"));
            } else {
                cell.out[1] = -1;
                if (output("COUT") >= 0) cell.out[1] = output("COUT");  // assign COUT = 1'b0
            }
        } else if (type == "SB_GB") {
            cell.type = T_SB_GB;
            cell.out[0] = output("GLOBAL_BUFFER_OUTPUT");
            if (cell.out[0] < 0) cell.out[0] = new_net(X);
            add_copy(cell, ci, 0, pin("USER_SIGNAL_TO_GLOBAL_BUFFER", 0), param("D_IN_OUT"));
        } else {
            fail("no model for cell type " + type + " (instance " + name + ")");
        }
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
        if (!(in >> word >> version) || word != "hashbed-engine" || version != 1) fail("not a hashbed-engine 1 design");
        std::map<std::string, int64_t> params;
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
                params.clear();
                pins.clear();
            } else if (word == "param") {
                std::string key;
                int64_t value;
                in >> key >> value;
                params[key] = value;
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
        // constant drivers: a cell output that is a constant net would be an error; COUT of a
        // cell without carry drives 0 (assign COUT = 1'b0)
        fan_begin.assign(net_init.size() + 1, 0);
        for (size_t i = 0; i < net_init.size(); ++i) fan_begin[i + 1] = fan_begin[i] + int32_t(fanout_build[i].size());
        for (auto& list : fanout_build) fan_list.insert(fan_list.end(), list.begin(), list.end());
        fanout_build.clear();
        wheel.assign(size_t(WHEEL), {});
        occupied.assign(size_t(WHEEL >> 6), 0);
    }

    // --- a run from time 0 --------------------------------------------------------------
    void reset() {
        now = 0;
        seq = 0;
        for (auto& b : wheel) b.clear();
        std::fill(occupied.begin(), occupied.end(), 0);
        in_wheel = 0;
        far = {};
        nba.clear();
        finished = false;
        net.assign(net_init.size(), X);
        for (auto& c : copies) { c.val = X; c.count = 0; c.head = 0; }
        for (auto& cell : cells) { cell.pending = 0; cell.q = 0; cell.lut_reg = X; }
    }

    // time 0: constants and the testbench's initial values reach the cells, every cell
    // function runs once, every register (0) reaches its output copy
    void start(const std::vector<std::pair<int32_t, Val>>& inputs) {
        for (size_t n = 0; n < 2; ++n) {
            net[n] = X;
            set_net(int32_t(n), Val(n));
        }
        for (auto& [n, v] : inputs) set_net(n, v);
        for (uint32_t ci = 0; ci < cells.size(); ++ci) {
            Cell& cell = cells[ci];
            if (cell.type == T_ICESTORM_LC) {
                if (cell.mode & 1) {
                    defer(ci, 2);
                    set_net(cell.qnet, 0);
                } else {
                    defer(ci, 0);
                }
                if (cell.mode & 2) defer(ci, 1);
                else if (cell.out[1] >= 0) set_net(cell.out[1], 0);
            }
        }
    }

    template <typename Tb>
    void run(Tb& tb) {
        Time t;
        while (!finished && next_time(t)) {
            now = t;
            std::vector<Ev>& bucket = wheel[size_t(t & (WHEEL - 1))];
            if (!far.empty() && far.top().t == t) {
                while (!far.empty() && far.top().t == t) {
                    bucket.push_back(far.top().ev);
                    in_wheel++;
                    far.pop();
                }
                std::sort(bucket.begin(), bucket.end(), [](const Ev& a, const Ev& b) { return a.seq < b.seq; });
            }
            size_t i = 0;
            uint64_t step_events = 0;
            for (;;) {
                while (i < bucket.size() && !finished) {
                    Ev ev = bucket[i++];
                    switch (ev.kind) {
                        case EV_COPY: copy_wake(int32_t(ev.id)); break;
                        case EV_EVAL: eval(ev.id, ev.arg); break;
                        case EV_PROCESS: process(ev.id); break;
                        case EV_TB: tb.step(*this); break;
                    }
                    if (++step_events > 50000000) fail("the simulation does not settle at one time (a zero-delay loop?)");
                }
                if (nba.empty() || finished) break;
                nba_run.swap(nba);
                for (auto& [ci, v] : nba_run) apply_nba(ci, v);
                nba_run.clear();
            }
            events += bucket.size();
            in_wheel -= bucket.size();
            bucket.clear();
            size_t b = size_t(t & (WHEEL - 1));
            occupied[b >> 6] &= ~(uint64_t(1) << (b & 63));
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

// core_tb.v
struct CoreTb {
    Time period, input_delay;
    long max_cycles, outputs, count;
    std::vector<std::vector<Val>> words;
    int32_t clk, rst, src_ready;
    std::vector<int32_t> din;
    int32_t src_read, dst_write;
    const Port* dout;
    int stage = 0, slow = 0;
    long cycle = 0, index = 0, written = 0, first = -1, last = -1;
    std::string text;

    void wait(Engine& e, Time delay, int next) {
        stage = next;
        e.schedule(e.now + delay, EV_TB, 0);
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
                if (cycle > 0 && e.net[size_t(src_read)] == 1 && index < count) {
                    if (first < 0) first = cycle;
                    index++;
                }
                if (cycle > 0 && e.net[size_t(dst_write)] == 1) {
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
                set(e, src_ready, index < count ? 1 : 0);
                for (size_t b = 0; b < din.size(); ++b) set(e, din[b], index < count ? words[size_t(index)][b] : 0);
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
        e.schedule(e.now + delay, EV_TB, 0);
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
        if (command == "core") {
            CoreTb tb;
            in >> tb.period >> tb.input_delay >> tb.max_cycles >> tb.outputs >> tb.count;
            if (!in || tb.count < 1) fail("core: bad arguments");
            bool refused = 2 * tb.input_delay >= tb.period;  // core_tb.v refuses the run
            const Port& din = e.port("din");
            tb.dout = &e.port("dout");
            for (long i = 0; i < tb.count; ++i) {
                std::string word;
                if (!(in >> word)) fail("core: fewer words than COUNT");
                tb.words.push_back(parse_word(word, din.nets.size()));
            }
            tb.clk = single(e, "clk");
            tb.rst = single(e, "rst");
            tb.src_ready = single(e, "src_ready");
            tb.src_read = single(e, "src_read");
            tb.dst_write = single(e, "dst_write");
            tb.din = din.nets;
            std::vector<std::pair<int32_t, Val>> inputs = {{tb.clk, 0}, {tb.rst, 1}, {tb.src_ready, 0}, {single(e, "dst_ready"), 1}};
            for (int32_t n : tb.din) inputs.push_back({n, 0});
            if (refused) {
                tb.text = "error: input_delay must be below half the period\n";
            } else {
                e.start(inputs);
                e.schedule(0, EV_TB, 0);
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
            e.schedule(0, EV_TB, 0);
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
