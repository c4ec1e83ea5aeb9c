-- local open keeps the opened names private.
module internals = {
  def secret = 1234
  def mix (x: i32) = x ^ secret
}
local open internals
def exported (x: i32) = mix x
