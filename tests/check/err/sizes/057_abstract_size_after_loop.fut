-- A loop may change the size arguments of an abstract type it carries;
-- its result then has an unknown size.
-- ==
-- error: Sizes "1" and "\?" do not match

module counter
  : {
      type count [n]
      val make : (k: i64) -> count [k]
      val bump [n] : count [n] -> count [n + 1]
    } = {
  type count [n] = [n]bool
  def make k = replicate k false
  def bump [n] (c: [n]bool) : [n + 1]bool = c ++ [true]
}

def bumped (k: i64) = loop c = counter.make 1 for _i < k do counter.bump c

def one (k: i64) : counter.count [1] = bumped k
