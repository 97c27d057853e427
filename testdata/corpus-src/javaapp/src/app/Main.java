package app;

import java.util.ArrayList;
import java.util.List;

public class Main {
    public static void main(String[] args) throws Exception {
        OrderService service = new OrderService(new Repository());
        List<String> ids = new ArrayList<>();
        for (int i = 1; i <= 30; i++) {
            ids.add(String.format("ORD-%05d", i * 37));
        }
        for (String id : ids) {
            System.out.println("[main] processing " + id + " -> total " + service.total(id));
        }
    }
}
