-- An abstract type applied to different types is different types.
-- ==
-- error: Expected: arrbag\.bag f64\s+Actual:\s+arrbag\.bag i32

module type bag = {
  type bag 't
  val single 't : t -> bag t
  val size 't : bag t -> i64
}

module arrbag : bag = {
  type bag 't = [1]t
  def single 't (x: t) : bag t = [x]
  def size 't (_: bag t) = 1i64
}

def mix (b: arrbag.bag i32) : arrbag.bag f64 = b
