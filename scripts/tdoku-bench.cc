// tdoku-bench: measures tdoku (https://github.com/t-dillon/tdoku) on a puzzle file the way
// sudokit's `bench` example measures sudokit, so that scripts/bench-vs-peer.sh can print the
// two side by side.
//
// Method (the same as crates/bench): the file is read and parsed before timing (one puzzle a
// line; blank lines and `#` lines skipped; the first whitespace-separated token of a line, its
// first 81 characters, `1`-`9` givens and `.`, `0` or `_` empty). After a warm-up pass over
// the first 1,000 puzzles, passes over the whole set repeat until about 2 s of wall time have
// been spent (at most 50); the headline figure is the best pass by this thread's CPU time.
// Guesses per puzzle come from one extra, untimed pass. Mode `first` asks tdoku for one
// solution (limit 1), mode `unique` counts up to 2 (limit 2).
//
// This file is sudokit's own code; it only calls tdoku's public C API (include/tdoku.h).
// Build (tdoku cloned into a scratch folder, see docs/bench.md):
//   g++ -O3 -march=native -fno-exceptions -fno-rtti -I$TDOKU/include \
//       scripts/tdoku-bench.cc $TDOKU/src/solver_dpll_triad_simd.cc $TDOKU/src/util.cc \
//       -o /tmp/tdoku-bench
// Usage: tdoku-bench [--mode first|unique]... FILE...
// Output: one tab-separated line per file and mode:
//   file, mode, puzzles/s, us/puzzle, guesses/puzzle
// (the columns of `cargo run --release -p sudokit-bench --example bench -- --format tsv`).

#include <tdoku.h>

#include <array>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fstream>
#include <string>
#include <vector>

namespace {

// Keeps the solver calls from being optimised away.
volatile size_t g_sink = 0;

using Puzzle = std::array<char, 82>;

double thread_cpu_seconds() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

double wall_seconds() {
    timespec t{};
    clock_gettime(CLOCK_MONOTONIC, &t);
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

// Reads FILE into NUL-terminated 81-character puzzles with '.' for empty cells (tdoku's
// input form). Returns false, with a message on stderr, on an unreadable file or a bad line.
bool load(const char *path, std::vector<Puzzle> *out) {
    std::ifstream in(path);
    if (!in) {
        std::fprintf(stderr, "tdoku-bench: cannot read %s\n", path);
        return false;
    }
    std::string line;
    size_t number = 0;
    while (std::getline(in, line)) {
        ++number;
        size_t start = line.find_first_not_of(" \t\r");
        if (start == std::string::npos || line[start] == '#') continue;
        size_t end = line.find_first_of(" \t\r", start);
        std::string token = line.substr(start, end == std::string::npos ? end : end - start);
        Puzzle p{};
        bool ok = token.size() >= 81;
        for (size_t i = 0; ok && i < 81; ++i) {
            char c = token[i];
            if (c >= '1' && c <= '9') {
                p[i] = c;
            } else if (c == '.' || c == '0' || c == '_') {
                p[i] = '.';
            } else {
                ok = false;
            }
        }
        if (!ok) {
            std::fprintf(stderr, "tdoku-bench: %s:%zu: not an 81-cell 9x9 puzzle\n", path,
                         number);
            return false;
        }
        p[81] = '\0';
        out->push_back(p);
    }
    if (out->empty()) {
        std::fprintf(stderr, "tdoku-bench: %s: no puzzles\n", path);
        return false;
    }
    return true;
}

// One pass over the first `limit` puzzles; returns the number of solutions found and adds
// the guesses to *guesses.
size_t pass(const std::vector<Puzzle> &puzzles, size_t limit, size_t cap, size_t *guesses) {
    char solution[82];
    size_t found = 0;
    size_t n = limit < puzzles.size() ? limit : puzzles.size();
    for (size_t i = 0; i < n; ++i) {
        size_t g = 0;
        found += TdokuSolverDpllTriadSimd(puzzles[i].data(), cap, 0, solution, &g);
        *guesses += g;
    }
    return found;
}

void bench(const char *path, const std::vector<Puzzle> &puzzles, const char *mode, size_t cap) {
    size_t guesses = 0;
    pass(puzzles, puzzles.size(), cap, &guesses);  // statistics, untimed
    size_t sink = 0, ignored = 0;
    sink += pass(puzzles, 1000, cap, &ignored);  // warm-up
    double best_cpu = 1e300, spent = 0.0;
    for (int passes = 0; passes == 0 || (passes < 50 && spent < 2.0); ++passes) {
        double w = wall_seconds();
        double c = thread_cpu_seconds();
        sink += pass(puzzles, puzzles.size(), cap, &ignored);
        double cpu = thread_cpu_seconds() - c;
        spent += wall_seconds() - w;
        if (cpu < best_cpu) best_cpu = cpu;
    }
    double n = static_cast<double>(puzzles.size());
    const char *name = std::strrchr(path, '/');
    name = name ? name + 1 : path;
    std::printf("%s\t%s\t%.0f\t%.2f\t%.2f\n", name, mode, n / best_cpu, best_cpu * 1e6 / n,
                static_cast<double>(guesses) / n);
    g_sink = g_sink + sink;
}

}  // namespace

int main(int argc, char **argv) {
    std::vector<std::string> modes;
    std::vector<const char *> files;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--mode") == 0 && i + 1 < argc) {
            std::string m = argv[++i];
            if (m != "first" && m != "unique") {
                std::fprintf(stderr, "tdoku-bench: --mode is first or unique, not %s\n",
                             m.c_str());
                return 2;
            }
            modes.push_back(m);
        } else {
            files.push_back(argv[i]);
        }
    }
    if (files.empty()) {
        std::fprintf(stderr, "usage: tdoku-bench [--mode first|unique]... FILE...\n");
        return 2;
    }
    if (modes.empty()) modes = {"first", "unique"};
    for (const char *f : files) {
        std::vector<Puzzle> puzzles;
        if (!load(f, &puzzles)) return 2;
        for (const std::string &m : modes) bench(f, puzzles, m.c_str(), m == "first" ? 1 : 2);
    }
    return 0;
}
