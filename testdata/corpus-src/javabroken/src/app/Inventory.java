package app;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

public class Inventory {
    private final Map<String, Integer> stock = new HashMap<>();

    public void receive(String sku, int qty) {
        stock.merge(sku, qty, Integer::sum);
    }

    public int reserve(String sku, int qty) throws OutOfStockException {
        int have = stock.getOrDefault(sku, 0);
        if (qty > have) {
            throw new OutOfStockException(sku, qty, have);
        }
        stock.put(sku, have - qty);
        return have - qty;
    }

    public Optional<Integer> level(String sku) {
        return stock.get(sku);
    }

    public List<String> skus() {
        return stock.keySet();
    }

    public static void main(String[] args) {
        Inventory inv = new Inventory();
        inv.receive("A", 3);
        String left = inv.reserve("A", 2);
        System.out.println(left);
    }
}
