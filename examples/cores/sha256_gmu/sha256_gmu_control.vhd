-- sha256_gmu_control: the control unit of sha256_gmu, two FSMs that share two word banks.
--   * the loader reads the segment headers and data words from the input FIFO and shifts
--     the padded message, one word per clock, into its 16-word bank, the block buffer
--     (FIPS 180-4 padding: the 1 bit, zeros, the 64-bit message length); it marks a full
--     buffer with whether the block is the first and/or the last of its message;
--   * the compressor takes a full buffer (the banks swap: it becomes the message schedule),
--     runs 64 rounds and adds the result to H (65 clocks per block, the next block is loaded
--     meanwhile), and after the last block of a message writes the 8 digest words to the
--     output FIFO.
-- FSMs are written with if/elsif, not case: GHDL 2.0 writes a case as a one-hot selection
-- without a default in its Verilog, which Yosys takes for latches.
-- src_ready and dst_ready are active low (the FIFOs' empty and full flags).
library ieee;
use ieee.std_logic_1164.all;
use ieee.numeric_std.all;
use work.sha256_gmu_pkg.all;

entity sha256_gmu_control is
  port (
    clk       : in  std_logic;
    rst       : in  std_logic;
    din       : in  std_logic_vector(W-1 downto 0);  -- to decode the headers
    src_ready : in  std_logic;
    src_read  : out std_logic;
    dst_ready : in  std_logic;
    dst_write : out std_logic;
    -- loader
    hdr_ld    : out std_logic;
    msg_new   : out std_logic;
    wsel      : out std_logic_vector(2 downto 0);
    buf_shift : out std_logic;
    -- compression
    cbank     : out std_logic;
    w_shift   : out std_logic;
    vsel      : out std_logic_vector(1 downto 0);
    v_en      : out std_logic;
    hsel      : out std_logic_vector(1 downto 0);
    h_en      : out std_logic;
    rnd       : out std_logic_vector(5 downto 0));
end sha256_gmu_control;

architecture behavioral of sha256_gmu_control is

  -- loader: L_HDR wait for a header; L_DATA segment words; L_ONE the word 0x80000000;
  -- L_ZERO zero words, then the length's high word at position 14; L_LENLO its low word
  type lstate_t is (L_HDR, L_DATA, L_ONE, L_ZERO, L_LENLO);
  signal lstate        : lstate_t;
  signal seg_words     : unsigned(26 downto 0);  -- words left in the segment
  signal seg_last      : std_logic;              -- the segment ends the message
  signal rem_nz        : std_logic;              -- its last word is partial
  signal wcnt          : unsigned(3 downto 0);   -- position in the block being loaded
  signal new_msg       : std_logic;              -- the next header begins a message
  signal first_pending : std_logic;              -- the next block is a message's first
  signal hdr_words     : unsigned(26 downto 0);
  signal src_empty     : std_logic;
  signal emit          : std_logic;

  -- the block buffer
  signal buf_full      : std_logic;
  signal buf_first     : std_logic;
  signal buf_last      : std_logic;
  signal take          : std_logic;
  signal cbank_q       : std_logic;              -- the compressor's bank

  -- compressor: C_IDLE wait for a block; C_RND 64 rounds; C_FIN H + a..h (and the next
  -- block loaded); C_OUT the digest written
  type cstate_t is (C_IDLE, C_RND, C_FIN, C_OUT);
  signal cstate        : cstate_t;
  signal rcnt          : unsigned(5 downto 0);
  signal ocnt          : unsigned(2 downto 0);
  signal cur_last      : std_logic;              -- the block being compressed is the last

begin

  ---------------------------------------------------------------------------
  -- loader
  ---------------------------------------------------------------------------
  src_empty <= src_ready;     -- active low: '1' = the input FIFO is empty

  -- ceil(SEGMENT_BITS / 32)
  hdr_words <= resize(shift_right(resize(unsigned(din(30 downto 0)), 32) + 31, 5), 27);

  emit <= (not buf_full) and (not src_empty) when lstate = L_DATA else
          (not buf_full)                     when lstate = L_ONE or lstate = L_ZERO or lstate = L_LENLO else
          '0';

  src_read <= (not src_empty) when lstate = L_HDR else
              emit            when lstate = L_DATA else
              '0';
  hdr_ld    <= (not src_empty) when lstate = L_HDR else '0';
  msg_new   <= new_msg;
  buf_shift <= emit;

  wsel <= WSEL_LAST  when lstate = L_DATA and seg_words = 1 and seg_last = '1' and rem_nz = '1' else
          WSEL_DATA  when lstate = L_DATA else
          WSEL_ONE   when lstate = L_ONE else
          WSEL_LENHI when lstate = L_ZERO and wcnt = 14 else
          WSEL_LENLO when lstate = L_LENLO else
          WSEL_ZERO;

  loader : process (clk)
  begin
    if rising_edge(clk) then
      if rst = '1' then
        lstate        <= L_HDR;
        wcnt          <= (others => '0');
        new_msg       <= '1';
        first_pending <= '1';
        buf_full      <= '0';
        buf_first     <= '0';
        buf_last      <= '0';
        seg_words     <= (others => '0');
        seg_last      <= '0';
        rem_nz        <= '0';
      else
        if take = '1' then
          buf_full <= '0';
        end if;
        if emit = '1' then
          wcnt <= wcnt + 1;
          if wcnt = BLK_WORDS-1 then
            buf_full  <= '1';
            buf_first <= first_pending;
            if lstate = L_LENLO then
              buf_last      <= '1';
              first_pending <= '1';
            else
              buf_last      <= '0';
              first_pending <= '0';
            end if;
          end if;
        end if;

        if lstate = L_HDR then
          if src_empty = '0' then
            seg_last  <= din(W-1);
            seg_words <= hdr_words;
            if din(4 downto 0) = "00000" then
              rem_nz <= '0';
            else
              rem_nz <= '1';
            end if;
            new_msg <= '0';
            if hdr_words /= 0 then
              lstate <= L_DATA;
            elsif din(W-1) = '1' then
              lstate <= L_ONE;       -- last segment without data words
            end if;                  -- (an empty segment that is not the last: ignored)
          end if;
        elsif lstate = L_DATA then
          if emit = '1' then
            seg_words <= seg_words - 1;
            if seg_words = 1 then
              if seg_last = '0' then
                lstate <= L_HDR;
              elsif rem_nz = '1' then
                lstate <= L_ZERO;    -- the 1 bit went into the partial last word
              else
                lstate <= L_ONE;
              end if;
            end if;
          end if;
        elsif lstate = L_ONE then
          if emit = '1' then
            lstate <= L_ZERO;
          end if;
        elsif lstate = L_ZERO then
          if emit = '1' and wcnt = 14 then
            lstate <= L_LENLO;
          end if;
        elsif lstate = L_LENLO then
          if emit = '1' then
            lstate  <= L_HDR;
            new_msg <= '1';
          end if;
        end if;
      end if;
    end if;
  end process;

  ---------------------------------------------------------------------------
  -- compressor
  ---------------------------------------------------------------------------
  rnd   <= std_logic_vector(rcnt);
  cbank <= cbank_q;

  process (cstate, buf_full, buf_first, cur_last, dst_ready)
  begin
    take      <= '0';
    w_shift   <= '0';
    vsel      <= VSEL_ROUND;
    v_en      <= '0';
    hsel      <= HSEL_SUM;
    h_en      <= '0';
    dst_write <= '0';
    if cstate = C_IDLE then
      if buf_full = '1' then
        take   <= '1';
        if buf_first = '1' then     -- otherwise a..h = H already (set together in C_FIN)
          vsel <= VSEL_IV;
          v_en <= '1';
          hsel <= HSEL_IV;
          h_en <= '1';
        end if;
      end if;
    elsif cstate = C_RND then
      w_shift <= '1';
      vsel    <= VSEL_ROUND;
      v_en    <= '1';
    elsif cstate = C_FIN then
      vsel <= VSEL_SUM;
      v_en <= '1';
      hsel <= HSEL_SUM;
      h_en <= '1';
      if cur_last = '0' and buf_full = '1' then
        take   <= '1';
      end if;
    else  -- C_OUT
      hsel <= HSEL_ROT;
      if dst_ready = '0' then     -- active low: '0' = the output FIFO is not full
        dst_write <= '1';
        h_en      <= '1';
      end if;
    end if;
  end process;

  compressor : process (clk)
  begin
    if rising_edge(clk) then
      if rst = '1' then
        cstate   <= C_IDLE;
        rcnt     <= (others => '0');
        ocnt     <= (others => '0');
        cur_last <= '0';
        cbank_q  <= '0';
      else
        if take = '1' then
          cbank_q <= not cbank_q;   -- the full bank is the compressor's, the other the loader's
        end if;
        if cstate = C_IDLE then
          if buf_full = '1' then
            cur_last <= buf_last;
            rcnt     <= (others => '0');
            cstate   <= C_RND;
          end if;
        elsif cstate = C_RND then
          rcnt <= rcnt + 1;
          if rcnt = ROUNDS-1 then
            cstate <= C_FIN;
          end if;
        elsif cstate = C_FIN then
          if cur_last = '1' then
            ocnt   <= (others => '0');
            cstate <= C_OUT;
          elsif buf_full = '1' then
            cur_last <= buf_last;
            rcnt     <= (others => '0');
            cstate   <= C_RND;
          else
            cstate <= C_IDLE;
          end if;
        else  -- C_OUT
          if dst_ready = '0' then
            ocnt <= ocnt + 1;
            if ocnt = DIG_WORDS-1 then
              cstate <= C_IDLE;
            end if;
          end if;
        end if;
      end if;
    end if;
  end process;

end behavioral;
