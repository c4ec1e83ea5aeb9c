-- Value specs with size and type parameters.
module type containers = {
  val size [n] 'a : [n]a -> i64
  val fill 'a : (n: i64) -> a -> [n]a
  val fold [n] 'a 'b : (b -> a -> b) -> b -> [n]a -> b
  val lifted '^f : f -> f
  val sized_lift '~s : s -> i32
}
