-- The size arguments of a sized abstract type must match where its
-- values meet, as an array's sizes must.
-- ==
-- error: Sizes "a" and "b" do not match

module blocks
  : {
      type block [n]
      val make : (k: i64) -> block [k]
      val join [n] : block [n] -> block [n] -> i64
    } = {
  type block [n] = [n]bool
  def make k = replicate k true
  def join xs ys = length (zip xs ys)
}

def main (a: i64) (b: i64) = blocks.join (blocks.make a) (blocks.make b)
