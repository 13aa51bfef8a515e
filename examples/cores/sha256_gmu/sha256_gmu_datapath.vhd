-- sha256_gmu_datapath: the datapath of sha256_gmu.
--   * the loader side: the padding word mux and the 64-bit message length;
--   * two 16-word banks (shift registers) used in turn as the block buffer that the loader
--     fills and as the message schedule W of the block being compressed;
--   * the compression side: the working variables a..h, one round per clock, and the hash
--     value H (also the output register).
library ieee;
use ieee.std_logic_1164.all;
use ieee.numeric_std.all;
use work.sha256_gmu_pkg.all;

entity sha256_gmu_datapath is
  port (
    clk       : in  std_logic;
    rst       : in  std_logic;
    din       : in  std_logic_vector(W-1 downto 0);
    dout      : out std_logic_vector(W-1 downto 0);
    -- loader
    hdr_ld    : in  std_logic;                     -- din is a header being read
    msg_new   : in  std_logic;                     -- that header begins a new message
    wsel      : in  std_logic_vector(2 downto 0);  -- the word shifted into the buffer
    buf_shift : in  std_logic;                     -- shift a word into the loader's bank
    -- compression
    cbank     : in  std_logic;                     -- the compressor's bank (the loader's: the other)
    w_shift   : in  std_logic;                     -- one step of the message schedule
    vsel      : in  std_logic_vector(1 downto 0);
    v_en      : in  std_logic;
    hsel      : in  std_logic_vector(1 downto 0);
    h_en      : in  std_logic;
    rnd       : in  std_logic_vector(5 downto 0)); -- round number t
end sha256_gmu_datapath;

architecture structure of sha256_gmu_datapath is

  signal len_q, len_d          : std_logic_vector(63 downto 0);
  signal rem_q                 : std_logic_vector(4 downto 0);
  signal mask, onebit          : word;
  signal ld_word               : word;

  signal b0_q, b0_d, b1_q, b1_d : word_array(0 to BLK_WORDS-1);
  signal b0_en, b1_en          : std_logic;
  signal w_q                   : word_array(0 to BLK_WORDS-1);  -- the compressor's bank (0, 1, 9, 14 used)
  signal w_new                 : word;

  -- working variables: v(0) = a .. v(7) = h
  signal v_q, v_d, v_rnd, sum  : word_array(0 to DIG_WORDS-1);
  signal h_q, h_d              : word_array(0 to DIG_WORDS-1);
  signal t1, t2                : unsigned(W-1 downto 0);

begin

  ---------------------------------------------------------------------------
  -- loader
  ---------------------------------------------------------------------------
  -- total message length in bits: the sum of the headers' SEGMENT_BITS
  len_d <= x"00000000" & '0' & din(30 downto 0) when msg_new = '1' else
           std_logic_vector(unsigned(len_q) + unsigned(din(30 downto 0)));
  len_reg : entity work.regn generic map (N => 64)
    port map (clk => clk, rst => rst, en => hdr_ld, input => len_d, output => len_q);

  -- SEGMENT_BITS mod 32: the message bits in the last word of the last segment
  rem_reg : entity work.regn generic map (N => 5)
    port map (clk => clk, rst => rst, en => hdr_ld, input => din(4 downto 0), output => rem_q);

  -- mask keeps the rem_q message bits of the last word, onebit is the padding 1 after them
  gen_mask : for i in 0 to W-1 generate
    mask(W-1-i)   <= '1' when i < to_integer(unsigned(rem_q)) else '0';
    onebit(W-1-i) <= '1' when i = to_integer(unsigned(rem_q)) else '0';
  end generate;

  ld_word <= din                      when wsel = WSEL_DATA else
             (din and mask) or onebit   when wsel = WSEL_LAST else
             x"80000000"                when wsel = WSEL_ONE else
             len_q(63 downto 32)        when wsel = WSEL_LENHI else
             len_q(31 downto 0)         when wsel = WSEL_LENLO else
             (others => '0');

  ---------------------------------------------------------------------------
  -- two banks of 16 words, used in turn: while the compressor runs the message schedule in
  -- bank cbank, the loader fills the other. Both shift the same way (a word enters at 15,
  -- words move down), so a bank needs a multiplexer at word 15 only: after 16 loader shifts
  -- word 0 of the block is at 0; in round t, word 0 of the compressor's bank is W(t) and
  -- W(t+16) = s1(W(t+14)) + W(t+9) + s0(W(t+1)) + W(t) enters at 15.
  ---------------------------------------------------------------------------
  gen_w : for j in 0 to BLK_WORDS-1 generate
    w_q(j) <= b1_q(j) when cbank = '1' else b0_q(j);
  end generate;
  w_new <= std_logic_vector(unsigned(ssig1(w_q(14))) + unsigned(w_q(9))
                            + unsigned(ssig0(w_q(1))) + unsigned(w_q(0)));

  b0_en <= (w_shift and not cbank) or (buf_shift and cbank);
  b1_en <= (w_shift and cbank) or (buf_shift and not cbank);

  gen_bank : for i in 0 to BLK_WORDS-1 generate
    last_i : if i = BLK_WORDS-1 generate
      b0_d(i) <= w_new when cbank = '0' else ld_word;
      b1_d(i) <= w_new when cbank = '1' else ld_word;
    end generate;
    other_i : if i < BLK_WORDS-1 generate
      b0_d(i) <= b0_q(i+1);
      b1_d(i) <= b1_q(i+1);
    end generate;
    b0_reg : entity work.regn generic map (N => W)
      port map (clk => clk, rst => '0', en => b0_en, input => b0_d(i), output => b0_q(i));
    b1_reg : entity work.regn generic map (N => W)
      port map (clk => clk, rst => '0', en => b1_en, input => b1_d(i), output => b1_q(i));
  end generate;

  ---------------------------------------------------------------------------
  -- one round
  ---------------------------------------------------------------------------
  t1 <= unsigned(v_q(7)) + unsigned(bsig1(v_q(4))) + unsigned(ch(v_q(4), v_q(5), v_q(6)))
        + unsigned(k_const(unsigned(rnd))) + unsigned(w_q(0));
  t2 <= unsigned(bsig0(v_q(0))) + unsigned(maj(v_q(0), v_q(1), v_q(2)));

  v_rnd(0) <= std_logic_vector(t1 + t2);
  v_rnd(1) <= v_q(0);
  v_rnd(2) <= v_q(1);
  v_rnd(3) <= v_q(2);
  v_rnd(4) <= std_logic_vector(unsigned(v_q(3)) + t1);
  v_rnd(5) <= v_q(4);
  v_rnd(6) <= v_q(5);
  v_rnd(7) <= v_q(6);

  gen_v : for i in 0 to DIG_WORDS-1 generate
    -- intermediate hash value H(i) = H(i-1) + a..h
    sum(i) <= std_logic_vector(unsigned(h_q(i)) + unsigned(v_q(i)));

    v_d(i) <= v_rnd(i) when vsel = VSEL_ROUND else
              sum(i)   when vsel = VSEL_SUM else
              IV(i);
    v_reg : entity work.regn generic map (N => W)
      port map (clk => clk, rst => '0', en => v_en, input => v_d(i), output => v_q(i));

    h_d(i) <= sum(i)                     when hsel = HSEL_SUM else
              IV(i)                      when hsel = HSEL_IV else
              h_q((i + 1) mod DIG_WORDS);
    h_reg : entity work.regn generic map (N => W)
      port map (clk => clk, rst => '0', en => h_en, input => h_d(i), output => h_q(i));
  end generate;

  dout <= h_q(0);

end structure;
