-- Entry points that read their argument through views: rearranged,
-- reversed, strided and reshaped. None of them needs a copy of the
-- matrix.

entry column_sums (a: [][]f32) : []f32 =
  map f32.sum (transpose a)

entry reversed_row_heads (a: [][]f32) : []f32 =
  map (\row -> row[0]) (reverse a)

entry strided_sum (a: [][]f32) : f32 =
  f32.sum (flatten a)[1::3]

entry even_column_sums (a: [][]f32) : []f32 =
  map (\row -> f32.sum row[::2]) a

entry reversed_weighted (a: [][]f32) : []f32 =
  map (\row -> f32.sum (map2 (*) (reverse row) (map f32.i64 (indices row)))) a

entry transposed_corner (a: [][]f32) : [][]f32 =
  (transpose a)[1:3, 2:5]

entry diagonal (a: [][]f32) : []f32 =
  let n = length a
  in take n (flatten a)[::n + 1]
