-- Branches and loops keep an abstract type's size arguments where they
-- agree, and a loop may change them.
-- ==
module counter
  : {
      type count [n]
      val make : (k: i64) -> count [k]
      val bump [n] : count [n] -> count [n + 1]
      val total [n] : count [n] -> i64
    } = {
  type count [n] = [n]bool
  def make k = replicate k false
  def bump [n] (c: [n]bool) : [n + 1]bool = c ++ [true]
  def total [n] (_: [n]bool) = n
}

def same (c: bool) (k: i64) : counter.count [k] =
  if c then counter.make k else counter.make k

def bumped (k: i64) = counter.total (loop c = counter.make 1 for _i < k do counter.bump c)

def kept [n] (k: i64) (c: counter.count [n]) : counter.count [n] =
  loop c for _i < k do c
