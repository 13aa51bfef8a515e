-- sha256_gmu: SHA-256 (FIPS 180-4), basic iterative (one round per clock), with GMU's FIFO
-- interface on a 32-bit bus and the padding done in the core.
--   Input: per message one or more segments, each a header word (bit 31 = LAST, bits 30..0 =
--   SEGMENT_BITS, the message bits in the segment) then ceil(SEGMENT_BITS/32) data words;
--   a segment that is not the last holds whole 512-bit blocks. Output: the 8 digest words,
--   H0 first.
--   src_ready is the input FIFO's empty flag and dst_ready the output FIFO's full flag:
--   both active low. rst is synchronous, active high.
--   Timing (no stalls, one message at a time, N = blocks of the padded message), from the
--   clock that reads the first header to the one that writes the last digest word:
--   18 + 65*N + 8 clocks (header and 16 words of the first block, 1 to take it; 64 rounds
--   + 1 for H per block, later blocks loaded meanwhile; 8 digest words).
library ieee;
use ieee.std_logic_1164.all;
use work.sha256_gmu_pkg.all;

entity sha256_gmu is
  port (
    clk       : in  std_logic;
    rst       : in  std_logic;
    din       : in  std_logic_vector(31 downto 0);
    src_ready : in  std_logic;
    src_read  : out std_logic;
    dout      : out std_logic_vector(31 downto 0);
    dst_ready : in  std_logic;
    dst_write : out std_logic);
end sha256_gmu;

architecture structure of sha256_gmu is
  signal hdr_ld, msg_new, buf_shift    : std_logic;
  signal cbank, w_shift, v_en, h_en   : std_logic;
  signal wsel                          : std_logic_vector(2 downto 0);
  signal vsel, hsel                    : std_logic_vector(1 downto 0);
  signal rnd                           : std_logic_vector(5 downto 0);
begin

  control : entity work.sha256_gmu_control
    port map (
      clk => clk, rst => rst, din => din,
      src_ready => src_ready, src_read => src_read,
      dst_ready => dst_ready, dst_write => dst_write,
      hdr_ld => hdr_ld, msg_new => msg_new, wsel => wsel, buf_shift => buf_shift,
      cbank => cbank, w_shift => w_shift, vsel => vsel, v_en => v_en,
      hsel => hsel, h_en => h_en, rnd => rnd);

  datapath : entity work.sha256_gmu_datapath
    port map (
      clk => clk, rst => rst, din => din, dout => dout,
      hdr_ld => hdr_ld, msg_new => msg_new, wsel => wsel, buf_shift => buf_shift,
      cbank => cbank, w_shift => w_shift, vsel => vsel, v_en => v_en,
      hsel => hsel, h_en => h_en, rnd => rnd);

end structure;
