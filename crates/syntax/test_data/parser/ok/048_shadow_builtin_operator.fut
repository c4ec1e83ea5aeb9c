-- Built-in operators can be shadowed by user definitions.
module saturating = {
  def (+) (x: u8) (y: u8) : u8 = if x > 255 - y then 255 else x u8.+ y
  def (-) (x: u8) (y: u8) : u8 = if y > x then 0 else x u8.- y
  def (*) (x: u8) (y: u8) : u8 = u8.min 255 (x u8.* y)
}
def capped = saturating.(200 + 100 - 50)
