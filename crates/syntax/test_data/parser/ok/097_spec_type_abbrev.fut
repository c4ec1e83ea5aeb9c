-- Type abbreviation specs expose a definition.
module type concrete = {
  type elem = f32
  type pair 'a = (a, a)
  type^ cb = i32 -> bool
  type~ dyn = []u8
  val origin : pair elem
}
