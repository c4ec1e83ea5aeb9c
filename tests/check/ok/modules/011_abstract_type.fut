-- Values of an abstract type can only be used through the module.
-- ==
module money : {
  type t
  val cents : i64 -> t
  val add : t -> t -> t
  val value : t -> i64
} = {
  type t = i64
  def cents (x: i64) = x
  def add (a: t) (b: t) = a + b
  def value (x: t) = x
}
def total = money.value (money.add (money.cents 5) (money.cents 7))
