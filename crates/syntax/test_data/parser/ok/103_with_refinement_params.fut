-- Refinements of parametric abstract types.
module type collection = {
  type coll 'a
  type sized [n]
  val count 'a : coll a -> i64
}
module type array_collection = collection with coll 'a = []a
module type fixed_size = collection with sized [n] = [n]f32
