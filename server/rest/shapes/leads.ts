// REST JSON of a dealership's leads (GET /api/dealership/leads, PUT /leads/:id/read), from the
// rows GraphQL's DealershipLead reads.
import type { DealershipLead } from "../../services/dealership-leads";
import { money } from "./json";

export function leadJson(lead: DealershipLead) {
  return {
    id: lead.id,
    name: lead.name,
    email: lead.email,
    phone: lead.phone,
    message: lead.message,
    readAt: lead.readAt,
    createdAt: lead.createdAt,
    vehicle: {
      id: lead.vehicle.id,
      make: lead.vehicle.make,
      model: lead.vehicle.model,
      year: lead.vehicle.year,
      registrationNumber: lead.vehicle.registrationNumber,
      salesPrice: lead.vehicle.salesPrice ? money(lead.vehicle.salesPrice) : null,
      image: lead.vehicle.images[0]?.url ?? null,
    },
  };
}
