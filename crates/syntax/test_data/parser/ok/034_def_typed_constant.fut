-- Constants with a type ascription on the name.
def gravity : f32 = 9.81
def limits : (i32, i32) = (-5, 5)
def table : [4]u8 = [1, 2, 4, 8]
def settings : {verbose: bool, level: i32} = {verbose = false, level = 3}
