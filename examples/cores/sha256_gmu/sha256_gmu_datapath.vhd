-- sha256_gmu_datapath: the datapath of sha256_gmu.
--   * the loader side: the padding word mux, the 64-bit message length, and a 16-word
--     block buffer (a shift register) that is filled while the previous block is compressed;
--   * the compression side: the message schedule W (16-word shift register), the working
--     variables a..h, one round per clock, and the hash value H (also the output register).
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
    buf_shift : in  std_logic;                     -- shift a word into the buffer
    -- compression
    w_load    : in  std_logic;                     -- W <= buffer (start of a block)
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

  signal buf_q, buf_d          : word_array(0 to BLK_WORDS-1);
  signal w_q, w_d              : word_array(0 to BLK_WORDS-1);
  signal w_en                  : std_logic;
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

  -- block buffer: words enter at 15 and move down; after 16 shifts word 0 is at 0
  gen_buf : for i in 0 to BLK_WORDS-1 generate
    last_i : if i = BLK_WORDS-1 generate
      buf_d(i) <= ld_word;
    end generate;
    other_i : if i < BLK_WORDS-1 generate
      buf_d(i) <= buf_q(i+1);
    end generate;
    buf_reg : entity work.regn generic map (N => W)
      port map (clk => clk, rst => '0', en => buf_shift, input => buf_d(i), output => buf_q(i));
  end generate;

  ---------------------------------------------------------------------------
  -- message schedule: w_q(0) = W(t); W(t+16) = s1(W(t+14)) + W(t+9) + s0(W(t+1)) + W(t)
  ---------------------------------------------------------------------------
  w_new <= std_logic_vector(unsigned(ssig1(w_q(14))) + unsigned(w_q(9))
                            + unsigned(ssig0(w_q(1))) + unsigned(w_q(0)));
  w_en <= w_load or w_shift;
  gen_w : for i in 0 to BLK_WORDS-1 generate
    last_i : if i = BLK_WORDS-1 generate
      w_d(i) <= buf_q(i) when w_load = '1' else w_new;
    end generate;
    other_i : if i < BLK_WORDS-1 generate
      w_d(i) <= buf_q(i) when w_load = '1' else w_q(i+1);
    end generate;
    w_reg : entity work.regn generic map (N => W)
      port map (clk => clk, rst => '0', en => w_en, input => w_d(i), output => w_q(i));
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
