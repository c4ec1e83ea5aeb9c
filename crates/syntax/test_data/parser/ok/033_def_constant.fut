-- Constants bound with def.
def width = 640
def height = 480
def pixels = width * height
def title = "viewer"
