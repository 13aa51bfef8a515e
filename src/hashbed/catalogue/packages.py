"""The package pins of the catalogue's Nexus and Gowin parts: nextpnr-nexus and
nextpnr-himbaechel-gowin refuse a port without a pin, so the flow puts every port bit of a core on
one of these (hashbed.flow.impl.pins). Written by scripts/package_pins.py from the chip databases
of the pinned nextpnr builds; do not edit.

Each pin is ``NAME:BANK`` with flags: ``c`` a global clock input, ``s`` a configuration or JTAG
pin as well (a user I/O once configured); the clock inputs come first and the shared pins last.
"""

from __future__ import annotations

PINS: dict[str, str] = {
    # nexus-17k: 67 pins
    "LIFCL-17-7BG256C": (
        "N4:5c L7:5c L6:5c P1:5c R4:4c T9:4c R9:4c R11:3c T12:3c P15:3c M14:3c F16:1c "
        "G15:1c G13:1c C15:0cs C16:0cs P3:5 N3:5 M4:5 M7:5 L4:5 L5:5 M3:5 L3:5 "
        "K7:5 N2:5 N1:5 P2:5 T3:4 T4:4 R5:4 P5:4 P6:4 P4:4 P7:4 T10:4 "
        "P9:4 P10:3 P11:3 R10:3 T11:3 R12:3 T13:3 R16:3 R15:3 P16:3 M16:3 N14:3 "
        "M15:3 G11:1 F15:1 E15:0 E16:0 D11:0 F14:1s G9:1s G10:1s F11:1s E14:1s E11:1s "
        "D12:0s C13:0s D16:0s D15:0s C14:0s B16:0s C12:0s"
    ),
    # nexus-40k: 185 pins
    "LIFCL-40-7BG400C": (
        "J2:7c K2:7c K3:7c L5:6c L7:6c M2:6c V1:5c Y2:5c R5:5c Y5:5c R7:4c W7:4c "
        "T10:4c W10:4c W11:3c Y12:3c W14:3c T13:3c N19:2c M19:2c M17:2c L20:1c L16:1c L13:1c "
        "E13:0cs E12:0cs D10:7 D9:7 D7:7 D8:7 D6:7 D5:7 D4:7 D3:7 E10:7 E9:7 "
        "E7:7 E8:7 E4:7 E3:7 E2:7 F1:7 J1:7 K1:7 K4:7 K5:6 K6:6 K7:6 "
        "K8:6 L1:6 L2:6 L6:6 L8:6 M3:6 M4:6 M5:6 M6:6 M7:6 N4:6 N5:6 "
        "N6:6 N7:6 P1:6 P2:6 P5:6 P6:6 R1:6 R2:6 R3:6 R4:6 U1:5 T1:5 "
        "W1:5 Y3:5 R6:5 W5:5 T6:4 U6:4 T7:4 V6:4 U7:4 W6:4 Y6:4 V7:4 "
        "P7:4 P8:4 R8:4 T8:4 Y7:4 Y8:4 R9:4 P9:4 P10:4 R10:4 W8:4 V9:4 "
        "W9:4 Y9:4 T11:4 U10:4 V10:4 Y10:4 P11:4 R11:4 Y11:3 V11:3 U11:3 W12:3 "
        "W13:3 U12:3 V12:3 T12:3 R12:3 P12:3 Y13:3 Y14:3 V14:3 U14:3 P13:3 R13:3 "
        "W15:3 T14:3 Y15:3 U15:3 Y16:3 V16:3 V17:3 U16:3 Y17:3 W17:3 W18:3 Y18:3 "
        "W19:2 Y19:2 V18:2 V19:2 T18:2 U18:2 W20:2 V20:2 U20:2 T20:2 R17:2 R18:2 "
        "P17:2 P18:2 P19:2 P20:2 N20:2 M20:2 M18:2 N15:2 N16:2 M16:2 M15:2 N14:2 "
        "M14:2 L19:1 L15:1 L14:1 G14:1 G15:1 F18:1 F16:1 F14:1 F13:1 G13:1 E17:1 "
        "D17:0 E18:0 D11:0 G18:1s G19:1s E20:1s F20:1s F19:1s F17:1s F15:1s E16:0s D16:0s "
        "D14:0s D15:0s D13:0s D12:0s E11:0s"
    ),
    # gowin-gw1n9: 71 pins
    "GW1NR-LV9QN88PC6/I5": (
        "10:3c 35:2c 52:1c 3:3 11:3 13:3 14:3 15:3 16:3 17:2 18:2 19:2 "
        "20:2 25:2 26:2 27:2 28:2 29:2 30:2 31:2 32:2 33:2 34:2 36:2 "
        "37:2 38:2 39:2 40:2 41:2 42:2 47:2 48:1 49:1 50:1 51:1 63:1 "
        "68:1 69:1 70:1 71:1 72:1 73:1 74:1 75:1 76:1 77:1 79:3 80:3 "
        "81:3 82:3 83:3 84:3 85:3 86:3 4:3s 5:3s 6:3s 7:3s 8:3s 9:3s "
        "53:1s 54:1s 55:1s 56:1s 57:1s 59:1s 60:1s 61:1s 62:1s 87:3s 88:3s"
    ),
    # gowin-gw2a18: 207 pins
    "GW2A-LV18PG256C8/I7": (
        "A9:7c C8:6c H11:0c J1:5c K14:1c L2:4c N10:2c T7:3c A2:5 A3:5 A4:5 A5:5 "
        "A8:6 A10:6 A11:7 A12:7 A14:7 A15:7 B1:5 B3:5 B4:5 B5:6 B6:5 B7:6 "
        "B9:6 B11:7 B12:7 B13:7 B14:7 C1:5 C2:5 C4:6 C5:5 C7:6 C9:7 C11:7 "
        "C12:7 C16:0 D1:5 D2:5 D3:5 D6:5 D7:6 D8:6 D9:6 D10:7 D11:7 D14:1 "
        "D15:0 D16:0 E1:5 E2:5 E3:5 E6:6 E7:5 E8:6 E9:6 E10:7 E11:6 E14:0 "
        "E15:1 E16:0 F1:5 F2:5 F3:5 F4:5 F5:5 F7:6 F8:6 F9:6 F10:7 F12:0 "
        "F13:0 F14:0 F15:0 F16:0 G1:5 G2:5 G3:5 G4:5 G5:5 G6:5 G11:0 G12:0 "
        "G13:0 G14:0 G15:0 G16:0 H1:4 H2:5 H3:4 H4:5 H5:4 H6:5 H12:0 H13:0 "
        "H14:0 H15:0 H16:0 J2:4 J3:5 J4:4 J5:4 J6:5 J11:1 J12:0 J13:0 J14:0 "
        "J15:0 J16:0 K1:4 K2:4 K3:4 K4:4 K5:4 K6:4 K11:1 K12:1 K13:1 K15:1 "
        "K16:0 L1:4 L3:4 L4:4 L5:4 L8:3 L9:3 L12:1 L13:1 L14:1 L15:0 L16:1 "
        "M1:4 M2:4 M3:4 M6:3 M7:3 M10:2 M11:2 M14:1 M15:1 N1:4 N2:4 N3:4 "
        "N6:3 N7:3 N8:3 N11:2 N14:1 N15:1 N16:1 P1:4 P2:4 P4:4 P5:4 P6:3 "
        "P7:3 P8:3 P11:2 P12:2 P13:2 P15:1 P16:1 R1:4 R3:4 R4:4 R5:4 R6:4 "
        "R7:3 R8:3 R11:2 R12:2 R13:2 R14:2 R16:1 T2:4 T3:4 T4:4 T5:4 T6:3 "
        "T8:3 T11:2 T12:2 T13:2 T14:2 T15:2 A6:2s A7:2s A13:3s B8:2s B10:3s B16:3s "
        "C6:2s C10:3s C13:3s C15:3s L10:3s M8:3s M9:3s M16:3s N9:3s P9:3s P10:3s R9:3s "
        "R10:3s T9:3s T10:3s"
    ),
}
