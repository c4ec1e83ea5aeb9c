-- Definitions inside a module accessed with qualified names.
-- ==
module counter = {
  def start = 0i32
  def next (x: i32) = x + 1
}
def one = counter.next counter.start
