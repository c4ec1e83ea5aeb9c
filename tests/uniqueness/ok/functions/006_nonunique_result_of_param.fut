-- A non-unique result may alias a parameter.
-- ==

def view (xs: []i32) : []i32 = xs[1:]

def main (xs: []i32) : i32 = (view xs)[0]
