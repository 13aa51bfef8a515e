"""The core clock: Xilinx Clocking Wizard settings and a model of its registers.

On the Zynq board the core clock comes from a Clocking Wizard (an MMCM) that the
processor reprograms through AXI4-Lite (PG065, dynamic reconfiguration):

    0x004 status     bit 0: locked
    0x200 config 0   [7:0] DIVCLK_DIVIDE (D), [15:8] CLKFBOUT_MULT (M, integer part),
                     [25:16] its fraction in thousandths, bit 26: fraction enabled
    0x208 config 2   [7:0] CLKOUT0_DIVIDE (O, integer part), [17:8] its fraction in
                     thousandths, bit 18: fraction enabled
    0x25C config 23  write 0x3 (LOAD/SEN with SADDR) to apply the registers

f_out = f_in * M / (D * O), M and O in steps of 1/8. The limits are the Zynq-7000
MMCM's (speed grade -1): VCO 600-1200 MHz, phase detector 10-450 MHz, M 2-64,
D 1-106, O 1-128 (fractional O from 2 on).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from hashbed.errors import HashbedError

STATUS = 0x004
CONFIG_0 = 0x200
CONFIG_2 = 0x208
CONFIG_23 = 0x25C
LOAD = 0x3

VCO_MHZ = (600.0, 1200.0)
PFD_MHZ = (10.0, 450.0)
MULT_EIGHTHS = (16, 512)
DIVCLK = (1, 106)
OUT_EIGHTHS = (8, 1024)


def check_mhz(what: str, mhz: float) -> None:
    """Refuse a clock that is not a positive, finite number of MHz."""
    if not (math.isfinite(mhz) and mhz > 0):
        raise HashbedError(f"{what} must be a positive number of MHz, got {mhz!r}")


@dataclass(frozen=True)
class ClockSettings:
    divclk: int
    mult_eighths: int
    out_eighths: int

    def vco_mhz(self, input_mhz: float) -> float:
        return input_mhz * self.mult_eighths / 8 / self.divclk

    def mhz(self, input_mhz: float) -> float:
        return self.vco_mhz(input_mhz) * 8 / self.out_eighths

    def check(self, input_mhz: float) -> None:
        """Raise if the MMCM cannot run with these settings."""
        problems = []
        if not DIVCLK[0] <= self.divclk <= DIVCLK[1]:
            problems.append(f"DIVCLK_DIVIDE {self.divclk} outside {DIVCLK[0]}-{DIVCLK[1]}")
        if not MULT_EIGHTHS[0] <= self.mult_eighths <= MULT_EIGHTHS[1]:
            problems.append(f"CLKFBOUT_MULT {self.mult_eighths / 8:g} outside 2-64")
        if not OUT_EIGHTHS[0] <= self.out_eighths <= OUT_EIGHTHS[1] or (self.out_eighths % 8 and self.out_eighths < 16):
            problems.append(f"CLKOUT0_DIVIDE {self.out_eighths / 8:g} outside 1-128 (fractional from 2)")
        pfd = input_mhz / max(self.divclk, 1)
        if not PFD_MHZ[0] <= pfd <= PFD_MHZ[1]:
            problems.append(f"phase detector {pfd:g} MHz outside {PFD_MHZ[0]:g}-{PFD_MHZ[1]:g} MHz")
        vco = self.vco_mhz(input_mhz) if self.divclk else 0.0
        if not VCO_MHZ[0] <= vco <= VCO_MHZ[1]:
            problems.append(f"VCO {vco:g} MHz outside {VCO_MHZ[0]:g}-{VCO_MHZ[1]:g} MHz")
        if problems:
            raise HashbedError(f"clock wizard cannot lock: {'; '.join(problems)}")

    def registers(self) -> dict[int, int]:
        mult_int, mult_frac = divmod(self.mult_eighths, 8)
        out_int, out_frac = divmod(self.out_eighths, 8)
        return {
            CONFIG_0: self.divclk | mult_int << 8 | 125 * mult_frac << 16 | (1 << 26 if mult_frac else 0),
            CONFIG_2: out_int | 125 * out_frac << 8 | (1 << 18 if out_frac else 0),
        }

    @classmethod
    def from_registers(cls, config_0: int, config_2: int) -> ClockSettings:
        def eighths(integer: int, thousandths: int) -> int:
            if thousandths % 125:
                raise HashbedError(f"clock wizard: fraction {thousandths}/1000 is not a multiple of 1/8")
            return 8 * integer + thousandths // 125

        return cls(
            divclk=config_0 & 0xFF,
            mult_eighths=eighths(config_0 >> 8 & 0xFF, config_0 >> 16 & 0x3FF if config_0 >> 26 & 1 else 0),
            out_eighths=eighths(config_2 & 0xFF, config_2 >> 8 & 0x3FF if config_2 >> 18 & 1 else 0),
        )


def reconfigure(write: Callable[[int, int], None], read: Callable[[int], int], settings: ClockSettings, polls: int) -> bool:
    """PG065's dynamic reconfiguration through AXI4-Lite: write clock configuration registers 0
    and 2, wait until the status register reads locked (the wizard is ready), write 0x3 to
    register 23 (LOAD/SEN and SADDR: load the new values and start the reconfiguration state
    machine), and wait until it locks again. Returns whether it locked within ``polls`` reads
    each time. Every board (simulated, post-route, PYNQ) goes through this one sequence."""

    def locked() -> bool:
        return any(read(STATUS) & 1 for _ in range(polls))

    for offset, value in settings.registers().items():
        write(offset, value)
    if not locked():
        return False
    write(CONFIG_23, LOAD)
    return locked()


def settings_for(target_mhz: float, input_mhz: float) -> ClockSettings:
    """The valid settings whose output is closest to ``target_mhz``."""
    check_mhz("the core clock", target_mhz)
    check_mhz("the clock wizard's input clock", input_mhz)
    best: tuple[float, float, ClockSettings] | None = None
    for divclk in range(DIVCLK[0], DIVCLK[1] + 1):
        if input_mhz / divclk < PFD_MHZ[0]:
            break
        if input_mhz / divclk > PFD_MHZ[1]:
            continue
        for mult in range(MULT_EIGHTHS[0], MULT_EIGHTHS[1] + 1):
            vco = input_mhz * mult / 8 / divclk
            if not VCO_MHZ[0] <= vco <= VCO_MHZ[1]:
                continue
            out = round(8 * vco / target_mhz)
            if out % 8 and out < 16:
                out = 8 * round(out / 8)
            out = min(max(out, OUT_EIGHTHS[0]), OUT_EIGHTHS[1])
            settings = ClockSettings(divclk, mult, out)
            key = (abs(settings.mhz(input_mhz) - target_mhz), vco)
            if best is None or key < best[:2]:
                best = (*key, settings)
    if best is None:
        raise HashbedError(f"no clock wizard settings for {input_mhz:g} MHz input")
    return best[2]


DEFAULT_SETTINGS = ClockSettings(divclk=1, mult_eighths=80, out_eighths=80)  # 100 MHz from 100 MHz


class ClockWizardModel:
    """Behavioural model of the Clocking Wizard's registers for the simulated board.

    Loading a configuration calls ``apply`` with the new output frequency; the status
    register reads "locked" from then on. Settings that the MMCM cannot use raise.
    """

    def __init__(self, input_mhz: float, apply: Callable[[float], None]) -> None:
        check_mhz("the clock wizard's input clock", input_mhz)
        self.input_mhz = input_mhz
        self._apply = apply
        self._registers = DEFAULT_SETTINGS.registers()
        self.locked = True
        self.mhz = DEFAULT_SETTINGS.mhz(input_mhz)

    def write(self, offset: int, value: int) -> None:
        if offset in (CONFIG_0, CONFIG_2):
            self._registers[offset] = value
        elif offset == CONFIG_23:
            if value & LOAD != LOAD:
                raise HashbedError(f"clock wizard model: write 0x{LOAD:x} to 0x{CONFIG_23:x} to load, got 0x{value:x}")
            settings = ClockSettings.from_registers(self._registers[CONFIG_0], self._registers[CONFIG_2])
            self.locked = False
            settings.check(self.input_mhz)
            self.mhz = settings.mhz(self.input_mhz)
            self._apply(self.mhz)
            self.locked = True
        else:
            raise HashbedError(f"clock wizard model: register 0x{offset:03x} is not modelled")

    def read(self, offset: int) -> int:
        if offset == STATUS:
            return int(self.locked)
        if offset in self._registers:
            return self._registers[offset]
        raise HashbedError(f"clock wizard model: register 0x{offset:03x} is not modelled")
