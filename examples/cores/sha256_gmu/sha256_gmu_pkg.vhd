-- sha256_gmu_pkg: constants and the SHA-256 functions (FIPS 180-4, section 4.1.2)
-- of the example core sha256_gmu (GMU conventions: FIFO interface, padding in the core).
library ieee;
use ieee.std_logic_1164.all;
use ieee.numeric_std.all;

package sha256_gmu_pkg is

  constant W         : integer := 32;   -- bus and word width
  constant BLK_WORDS : integer := 16;   -- words in a 512-bit block
  constant ROUNDS    : integer := 64;
  constant DIG_WORDS : integer := 8;    -- words in the digest

  subtype word is std_logic_vector(W-1 downto 0);
  type word_array is array (natural range <>) of word;

  -- initial hash value H(0) (FIPS 180-4, 5.3.3)
  constant IV : word_array(0 to DIG_WORDS-1) := (
    x"6a09e667",
    x"bb67ae85",
    x"3c6ef372",
    x"a54ff53a",
    x"510e527f",
    x"9b05688c",
    x"1f83d9ab",
    x"5be0cd19");

  -- the word that the loader shifts into the block buffer (wsel)
  constant WSEL_DATA  : std_logic_vector(2 downto 0) := "000";  -- din as is
  constant WSEL_LAST  : std_logic_vector(2 downto 0) := "001";  -- din, partial last word + the 1 bit
  constant WSEL_ONE   : std_logic_vector(2 downto 0) := "010";  -- x"80000000"
  constant WSEL_ZERO  : std_logic_vector(2 downto 0) := "011";  -- zero
  constant WSEL_LENHI : std_logic_vector(2 downto 0) := "100";  -- message length, bits 63..32
  constant WSEL_LENLO : std_logic_vector(2 downto 0) := "101";  -- message length, bits 31..0

  -- what the working variables a..h load (vsel) and what H loads (hsel)
  constant VSEL_ROUND : std_logic_vector(1 downto 0) := "00";  -- one round
  constant VSEL_SUM   : std_logic_vector(1 downto 0) := "01";  -- H + a..h (end of a block)
  constant VSEL_IV    : std_logic_vector(1 downto 0) := "10";  -- initial value
  constant HSEL_SUM   : std_logic_vector(1 downto 0) := "01";  -- H + a..h
  constant HSEL_IV    : std_logic_vector(1 downto 0) := "10";  -- initial value
  constant HSEL_ROT   : std_logic_vector(1 downto 0) := "11";  -- H0 <= H1 .. H7 <= H0 (output)

  -- round constants K(t) (FIPS 180-4, 4.2.2)
  constant K_TABLE : word_array(0 to ROUNDS-1) := (
    x"428a2f98", x"71374491", x"b5c0fbcf", x"e9b5dba5",
    x"3956c25b", x"59f111f1", x"923f82a4", x"ab1c5ed5",
    x"d807aa98", x"12835b01", x"243185be", x"550c7dc3",
    x"72be5d74", x"80deb1fe", x"9bdc06a7", x"c19bf174",
    x"e49b69c1", x"efbe4786", x"0fc19dc6", x"240ca1cc",
    x"2de92c6f", x"4a7484aa", x"5cb0a9dc", x"76f988da",
    x"983e5152", x"a831c66d", x"b00327c8", x"bf597fc7",
    x"c6e00bf3", x"d5a79147", x"06ca6351", x"14292967",
    x"27b70a85", x"2e1b2138", x"4d2c6dfc", x"53380d13",
    x"650a7354", x"766a0abb", x"81c2c92e", x"92722c85",
    x"a2bfe8a1", x"a81a664b", x"c24b8b70", x"c76c51a3",
    x"d192e819", x"d6990624", x"f40e3585", x"106aa070",
    x"19a4c116", x"1e376c08", x"2748774c", x"34b0bcb5",
    x"391c0cb3", x"4ed8aa4a", x"5b9cca4f", x"682e6ff3",
    x"748f82ee", x"78a5636f", x"84c87814", x"8cc70208",
    x"90befffa", x"a4506ceb", x"bef9a3f7", x"c67178f2");

  function k_const (t : unsigned(5 downto 0)) return word;
  function bsig0 (x : word) return word;   -- capital sigma 0
  function bsig1 (x : word) return word;   -- capital sigma 1
  function ssig0 (x : word) return word;   -- small sigma 0
  function ssig1 (x : word) return word;   -- small sigma 1
  function ch  (x, y, z : word) return word;
  function maj (x, y, z : word) return word;

end package sha256_gmu_pkg;

package body sha256_gmu_pkg is

  -- K(t) as a ROM of logic: a tree of 2:1 multiplexers on the bits of t, with fixed loop
  -- bounds. (A case statement becomes a one-hot selection without a default in GHDL 2.0's
  -- Verilog, which Yosys reads as latches; an indexed constant could become a LUT RAM.)
  function k_const (t : unsigned(5 downto 0)) return word is
    variable l0 : word_array(0 to 63) := K_TABLE;
    variable l1 : word_array(0 to 31);
    variable l2 : word_array(0 to 15);
    variable l3 : word_array(0 to 7);
    variable l4 : word_array(0 to 3);
    variable l5 : word_array(0 to 1);
  begin
    for i in 0 to 31 loop
      if t(0) = '1' then l1(i) := l0(2*i+1); else l1(i) := l0(2*i); end if;
    end loop;
    for i in 0 to 15 loop
      if t(1) = '1' then l2(i) := l1(2*i+1); else l2(i) := l1(2*i); end if;
    end loop;
    for i in 0 to 7 loop
      if t(2) = '1' then l3(i) := l2(2*i+1); else l3(i) := l2(2*i); end if;
    end loop;
    for i in 0 to 3 loop
      if t(3) = '1' then l4(i) := l3(2*i+1); else l4(i) := l3(2*i); end if;
    end loop;
    for i in 0 to 1 loop
      if t(4) = '1' then l5(i) := l4(2*i+1); else l5(i) := l4(2*i); end if;
    end loop;
    if t(5) = '1' then return l5(1); else return l5(0); end if;
  end function;

  function rotr (x : word; n : natural) return word is
  begin
    return std_logic_vector(rotate_right(unsigned(x), n));
  end function;

  function shr (x : word; n : natural) return word is
  begin
    return std_logic_vector(shift_right(unsigned(x), n));
  end function;

  function bsig0 (x : word) return word is
  begin
    return rotr(x, 2) xor rotr(x, 13) xor rotr(x, 22);
  end function;

  function bsig1 (x : word) return word is
  begin
    return rotr(x, 6) xor rotr(x, 11) xor rotr(x, 25);
  end function;

  function ssig0 (x : word) return word is
  begin
    return rotr(x, 7) xor rotr(x, 18) xor shr(x, 3);
  end function;

  function ssig1 (x : word) return word is
  begin
    return rotr(x, 17) xor rotr(x, 19) xor shr(x, 10);
  end function;

  function ch (x, y, z : word) return word is
  begin
    return (x and y) xor ((not x) and z);
  end function;

  function maj (x, y, z : word) return word is
  begin
    return (x and y) xor (x and z) xor (y and z);
  end function;

end package body sha256_gmu_pkg;
