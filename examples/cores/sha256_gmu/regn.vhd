-- regn: an N-bit register with synchronous reset (active high) and enable,
-- in the style of GMU's cores (ports named input and output).
library ieee;
use ieee.std_logic_1164.all;

entity regn is
  generic (N : integer := 32);
  port (
    clk    : in  std_logic;
    rst    : in  std_logic;
    en     : in  std_logic;
    input  : in  std_logic_vector(N-1 downto 0);
    output : out std_logic_vector(N-1 downto 0));
end regn;

architecture behavioral of regn is
begin
  process (clk)
  begin
    if rising_edge(clk) then
      if rst = '1' then
        output <= (others => '0');
      elsif en = '1' then
        output <= input;
      end if;
    end if;
  end process;
end behavioral;
