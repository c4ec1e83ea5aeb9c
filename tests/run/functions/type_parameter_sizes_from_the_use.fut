-- A type parameter that no parameter's type mentions takes its instance,
-- sizes included, from the use's type: an empty array made by a
-- polymorphic definition has the rows the use says, also through a
-- module type that gives the definition size parameters.

def nothing = []

def tagged_nothing 't (tag: i64) : (i64, [0]t) = (tag, [])

module evidence : {
  type same [n] [m]
  val swap [a] [b] : same [a + b] [b + a]
  val rows [n] [m] : same [n] [m] -> i64
} = {
  type same [n] [m] = [0][n][m]()
  def swap = []
  def rows [n] [m] (_: same [n] [m]) = m
}

-- ==
-- entry: rows_of_nothing
-- input { [1, 2, 3] [4, 5] } output { 0i64 5i64 2i64 }
entry rows_of_nothing [n] [m] (_: [n]i32) (_: [m]i32) =
  let sums: [0][m + n]f32 = nothing
  let grid: [0][m][n]() = nothing
  in (length sums, length (transpose sums), length (transpose grid))

-- ==
-- entry: tagged
-- input { 7i64 3i64 } output { 7i64 empty([0][3]f32) }
entry tagged (tag: i64) (k: i64) : (i64, [0][k]f32) = tagged_nothing tag

-- ==
-- entry: through_a_module
-- input { [1, 2, 3] [4, 5] } output { 5i64 }
entry through_a_module [n] [m] (_: [n]i32) (_: [m]i32) =
  let proof: evidence.same [m + n] [n + m] = evidence.swap
  in evidence.rows proof
