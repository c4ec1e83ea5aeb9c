-- A type ascription inside a module uses an undefined type.
-- ==
-- error: Unknown type "rgb"
module colours = {
  def black = ({r = 0u8, g = 0u8, b = 0u8} : rgb)
}
