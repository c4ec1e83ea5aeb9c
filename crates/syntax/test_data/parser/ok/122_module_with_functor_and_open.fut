-- A module that opens and includes other modules' contents.
module base = {
  def scale = 2i32
}
module extended = {
  open base
  def scaled (x: i32) = x * scale
  local def hidden = 99
  module inner = { def peek = hidden }
}
def six = extended.scaled 3
