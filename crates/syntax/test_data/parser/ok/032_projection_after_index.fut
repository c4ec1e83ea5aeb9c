-- Field access after indexing, and indexing after field access.
type particle = {pos: [3]f32, mass: f32}
def mass_of_first (ps: []particle) = ps[0].mass
def first_coord (ps: []particle) = ps[1].pos[0]
def pair_elem (xs: [](i32, i32)) = xs[2].1
def rec_of_arr (r: {data: [4]i32}) = r.data[3]
