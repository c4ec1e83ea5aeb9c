-- Qualified names refer into modules.
module outer = {
  module inner = {
    def depth = 2i32
  }
}
def two = outer.inner.depth
def root = f32.sqrt 2.0
def biggest = i32.max two 7
def smallest = i64.lowest
