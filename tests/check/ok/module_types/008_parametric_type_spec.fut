-- An abstract type with a type parameter in a module type.
-- ==
module type container = {
  type box 'a
  val put 'a : a -> box a
  val take 'a : box a -> a
}
module c : container = {
  type box 'a = {item: a}
  def put 'a (x: a) : box a = {item = x}
  def take 'a (b: box a) : a = b.item
}
def r : i32 = c.take (c.put 5)
