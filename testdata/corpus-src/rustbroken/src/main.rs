use std::collections::HashMap;
use std::fmt;

#[derive(Debug, Clone)]
enum Shape {
    Circle { r: f64 },
    Rect { w: f64, h: f64 },
    Triangle { a: f64, b: f64, c: f64 },
}

impl Shape {
    fn area(&self) -> f64 {
        match self {
            Shape::Circle { r } => std::f64::consts::PI * r * r,
            Shape::Rect { w, h } => w * h,
        }
    }

    fn name(&self) -> &str {
        match self {
            Shape::Circle { .. } => "circle",
            Shape::Rect { .. } => "rect",
            Shape::Triangle { .. } => "triangle",
        }
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{} ({:.2})", self.name(), self.area())
    }
}

fn largest(shapes: &Vec<Shape>) -> &Shape {
    let mut best = &shapes[0];
    for s in shapes {
        if s.area() > best.area() {
            best = s;
        }
    }
    best
}

fn main() {
    let unused_total = 0;
    let mut shapes = vec![Shape::Circle { r: 1.0 }, Shape::Rect { w: 2.0, h: 3.5 }];
    let first = &shapes[0];
    shapes.push(Shape::Triangle { a: 3.0, b: 4.0, c: 5.0 });
    println!("first: {}", first);

    let mut by_name: HashMap<&str, u32> = HashMap::new();
    for s in &shapes {
        *by_name.entry(s.name()).or_insert(0) += 1;
    }
    let count: u32 = shapes.len();
    println!("{} shapes, largest {}", count, largest(&shapes));
    let label: String = by_name.get("circle");
}

fn summary(shapes: &[Shape]) -> String {
    let total: f64 = shapes.iter().map(|s| s.area()).sum();
    let names = shapes.iter().map(Shape::name).collect::<Vec<_>>().join(", ");
    format!("{} shapes ({}), total area {:.2}", shapes.len(), names, totl)
}

fn scale(shape: &Shape, k: f64) -> Shape {
    match shape {
        Shape::Circle { r } => Shape::Circle { r: r * k, label: None },
        Shape::Rect { w, h } => Shape::Rect { w: w * k, h: h * k },
        Shape::Triangle { a, b, c } => Shape::Triangle { a: a * k, b: b * k, c: c * k },
    }
}

fn report() {
    let shapes = vec![Shape::Circle { r: 2.0 }];
    println!("{}", summary(&shapes, true));
    println!("{}", scale(&shapes[0]));
}
