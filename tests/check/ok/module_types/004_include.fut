-- Including one module type in another.
-- ==
module type named = {
  val name : [3]u8
}
module type sized = {
  include named
  val size : i64
}
module thing : sized = {
  def name = "abc"
  def size = 3i64
}
def n = length thing.name + thing.size
