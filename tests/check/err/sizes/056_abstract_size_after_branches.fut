-- Branches giving an abstract type different size arguments give it an
-- unknown size, as for arrays.
-- ==
-- error: Sizes "2" and "\?" do not match

module counter
  : {
      type count [n]
      val make : (k: i64) -> count [k]
    } = {
  type count [n] = [n]bool
  def make k = replicate k false
}

def pick (c: bool) = if c then counter.make 2 else counter.make 3

def two (c: bool) : counter.count [2] = pick c
